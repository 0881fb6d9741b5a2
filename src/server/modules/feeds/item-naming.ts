/**
 * Names for what the importer creates: a variant's label ("Maroon / M"), the product name of a variant
 * group (the title without its colour and size) and a URL slug stem.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TRAILING_SEPARATORS = /[\s,;:/|(\-–—]+$/u;

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
      // At least one separator before the token, so "S" never eats the end of "Dress".
      const pattern = new RegExp(`[\\s,;:/|(\\-–—]+(?:size\\s*)?${escapeRegExp(token.trim())}\\s*\\)?\\s*$`, 'iu');
      const stripped = text.replace(pattern, '').replace(TRAILING_SEPARATORS, '');
      if (stripped.length >= 3) text = stripped;
    }
  }
  return text;
}

/** "Samsung Galaxy M35 5G (8GB)" → "samsung-galaxy-m35-5g-8gb"; the importer appends the product id. */
export function slugStem(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return stem || 'product';
}
