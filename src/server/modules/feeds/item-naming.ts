/**
 * Names for what the importer creates: a variant's label ("Maroon / M") and the product name of a variant
 * group (the title without its colour and size).
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TRAILING_SEPARATORS = /[\s,;:/|(\-–—]+$/u;

// Sizes and colours repeat across a feed: compile each pattern once (bounded against hostile feeds).
const tokenPatterns = new Map<string, RegExp>();
function trailingToken(token: string): RegExp {
  let pattern = tokenPatterns.get(token);
  if (!pattern) {
    // At least one separator before the token, so "S" never eats the end of "Dress".
    pattern = new RegExp(`[\\s,;:/|(\\-–—]+(?:size\\s*)?${escapeRegExp(token)}\\s*\\)?\\s*$`, 'iu');
    if (tokenPatterns.size < 5_000) tokenPatterns.set(token, pattern);
  }
  return pattern;
}

/** "Maroon / M"; null for an item that is not part of a variant group. */
export function variantLabel(item: { itemGroupId: string | null; color: string | null; size: string | null; title: string }): string | null {
  if (item.itemGroupId === null) return null;
  const parts = [item.color, item.size].filter((part): part is string => part !== null && part !== '');
  return parts.length > 0 ? parts.join(' / ') : item.title;
}

/**
 * The title without the trailing colour and size a variant adds: "Libas Dress - Maroon, Size M" and
 * "Libas Dress - Maroon, L" both give "Libas Dress". Titles that do not end in them are kept as they are.
 */
export function baseTitle(title: string, color: string | null, size: string | null): string {
  let text = title.trim();
  const tokens = [size, color].filter((token): token is string => token !== null && token.trim() !== '');
  // Colour and size come in either order: strip whichever ends the title, twice.
  for (let pass = 0; pass < 2; pass++) {
    for (const token of tokens) {
      const stripped = text.replace(trailingToken(token.trim()), '').replace(TRAILING_SEPARATORS, '');
      if (stripped.length >= 3) text = stripped;
    }
  }
  return text;
}
