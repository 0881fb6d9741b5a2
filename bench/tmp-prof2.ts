import { feedChunks } from './generate-feed';
import { parseXmlFeed } from '@/server/modules/feeds/parse-xml';
const n = 300_000;
const chunks = [...feedChunks({ format: 'xml', items: n, storeSlug: 'demo-store', seed: 1 })];
const t0 = performance.now();
let k = 0;
for await (const r of parseXmlFeed(chunks)) k++;
console.log('parseXmlFeed', Math.round(n / ((performance.now() - t0) / 1000)), 'items/s');
