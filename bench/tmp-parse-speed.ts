import { parseTsvFeed } from '@/server/modules/feeds/parse-tsv';
import { parseXmlFeed } from '@/server/modules/feeds/parse-xml';
import { feedChunks } from './generate-feed';

for (const format of ['tsv', 'xml'] as const) {
  const n = 200_000;
  // pre-generate to exclude generator cost
  const chunks = [...feedChunks({ format, items: n, storeSlug: 'demo-store', seed: 1, invalidEvery: 1000 })];
  const t0 = performance.now();
  let ok = 0, bad = 0;
  const parse = format === 'tsv' ? parseTsvFeed : parseXmlFeed;
  let firstBad: unknown;
  for await (const r of parse(chunks)) { if (r.ok) ok++; else { bad++; firstBad ??= r.error; } }
  const s = (performance.now() - t0) / 1000;
  console.log(format, ok, bad, Math.round(n / s), 'items/s', firstBad);
}
