import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean; src?: string };
type Manifest = Record<string, ManifestChunk>;

/** Where each screen's lazy chunk comes from (keys of Vite's manifest, relative to src/web). */
const SCREEN_SOURCES: Record<string, string> = {
  home: 'features/home/home-page.tsx',
  listing: 'features/listing/listing-page.tsx',
  product: 'features/products/product-page.tsx',
  search: 'features/search/search-page.tsx',
  comparison: 'features/comparison/comparison-page.tsx',
  wishlist: 'features/wishlist/wishlist-page.tsx',
};

export type PageAssets = { entry: string | null; css: string[]; preload: (screen: string | undefined) => string[] };

/**
 * The built web app's entry script, stylesheet and per-screen chunks, read from Vite's manifest. Without a
 * build (API tests) pages are still rendered, just without scripts.
 */
export function loadPageAssets(webRoot: string): PageAssets {
  const manifestPath = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return { entry: null, css: [], preload: () => [] };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = manifest['index.html'];
  if (!entry) return { entry: null, css: [], preload: () => [] };

  const closure = (key: string, seen = new Set<string>()): string[] => {
    if (seen.has(key)) return [];
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return [];
    return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap((imported) => closure(imported, seen))];
  };
  const entryFiles = new Set(closure('index.html'));
  const byScreen = new Map<string, string[]>();
  for (const [screen, source] of Object.entries(SCREEN_SOURCES)) {
    // The entry's own imports are already on their way with it.
    byScreen.set(screen, closure(source).filter((file) => !entryFiles.has(file)));
  }
  return {
    entry: `/${entry.file}`,
    css: (entry.css ?? []).map((file) => `/${file}`),
    preload: (screen) => (screen ? (byScreen.get(screen) ?? []) : []),
  };
}
