import { SaxesParser } from 'saxes';
import { feedChunks } from './generate-feed';
import { parseXmlFeed } from '@/server/modules/feeds/parse-xml';
const n = 200_000;
const chunks = [...feedChunks({ format: 'xml', items: n, storeSlug: 'demo-store', seed: 1 })];
for (let round = 0; round < 2; round++) {
  const p = new SaxesParser({ xmlns: false });
  let c = 0;
  p.on('opentag', () => { c++; });
  p.on('closetag', () => { c++; });
  p.on('text', () => {});
  let t0 = performance.now();
  for (const ch of chunks) p.write(ch);
  p.close();
  let s = (performance.now() - t0) / 1000;
  console.log('saxes with handlers', Math.round(n / s), 'items/s');
  t0 = performance.now();
  let k = 0;
  for await (const r of parseXmlFeed(chunks)) k++;
  s = (performance.now() - t0) / 1000;
  console.log('parseXmlFeed', Math.round(n / s), 'items/s');
}
