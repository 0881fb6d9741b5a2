/**
 * Line readers for product text fields, apart from specifications.ts so the product page's Description (its
 * Key Highlights) does not take the specification readers with its first load.
 */

/** The non-blank lines of a text, each trimmed. */
export function splitLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** Key Highlights: newline-separated text, each line trimmed, blank lines dropped. */
export function readHighlights(text: string | null | undefined): string[] {
  return typeof text === 'string' ? splitLines(text) : [];
}
