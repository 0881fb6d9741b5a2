import { openFeed } from '@/server/modules/feeds/detect-format';
for (const path of process.argv.slice(2)) {
  console.log('==', path);
  try { for await (const r of openFeed(path)) console.log(JSON.stringify(r)); } catch (e) { console.log('THROWN', (e as Error).name, (e as Error).message, (e as any).line); }
}
