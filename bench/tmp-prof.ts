import { normalizeFeedRecord } from '@/server/modules/feeds/feed-item';
const n = 1_000_000;
const rec = { 'g:id': 'X-1', 'g:title': 'Some title here', 'g:description': 'desc', 'g:link': 'https://a.example.in/p/1', 'g:image_link': 'https://a.example.in/1.jpg', 'g:availability': 'in_stock', 'g:price': '12999.00 INR', 'g:brand': 'B', 'g:gtin': '8900422998362', 'g:product_type': 'Electronics > Mobiles', 'g:google_product_category': 'Electronics > X', 'g:shipping': 'IN::Standard:0.00 INR', 'g:color': 'Black', 'g:item_group_id': 'G1' };
const t0 = performance.now();
for (let i = 0; i < n; i++) normalizeFeedRecord(rec, i);
console.log('normalize', Math.round(n / ((performance.now() - t0) / 1000)), '/s');
