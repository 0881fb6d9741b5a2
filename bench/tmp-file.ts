import { openFeed } from '@/server/modules/feeds/detect-format';
for (const path of process.argv.slice(2)) {
  const t0 = performance.now();
  let ok = 0, bad = 0, peak = 0;
  const base = process.memoryUsage().heapUsed;
  for await (const r of openFeed(path)) {
    if (r.ok) ok++; else bad++;
    if ((ok & 0xffff) === 0) peak = Math.max(peak, process.memoryUsage().heapUsed - base);
  }
  const s = (performance.now() - t0) / 1000;
  console.log(path, ok, bad, Math.round((ok + bad) / s), 'items/s', s.toFixed(1), 's', 'peak heap +', (peak / 1e6).toFixed(0), 'MB', 'rss', (process.memoryUsage().rss/1e6).toFixed(0));
}
