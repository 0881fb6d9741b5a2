import type { QueryClient } from '@tanstack/react-query';
import { friendlyName, resolveCategoryPath } from '@/shared/catalog';
import { acceptInOrder, formatComparisonIds, parseComparisonIds } from '@/shared/comparison-rules';
import { type DealPage, DEFAULT_DEAL_DROP } from '@/shared/contracts/deals';
import type { Product, ProductPage } from '@/shared/contracts/product';
import { formatPrice } from '@/shared/money';
import { parseListingParams } from '@/web/components/product/use-listing-params';
import { comparisonTitle } from '@/web/features/comparison/comparison-page';
import { comparedProductQueryKey } from '@/web/features/comparison/get-compared-product';
import { DEALS_PAGE_TITLE } from '@/web/features/deals/deals-page';
import { dealsQueryOptions, parseDealsParams } from '@/web/features/deals/get-deals';
import { productQueryKey } from '@/web/features/products/get-product';
import { parseProductId } from '@/web/features/products/product-page';

/** What a page puts in its <head> beyond the <title> that every screen renders itself (React hoists it). */
export type PageHead = {
  description: string;
  canonical?: string;
  robots?: string;
  og: { title: string; type: 'website' | 'product'; image: string; url?: string };
  jsonLd: object[];
};

export const SITE_NAME = 'Bachat';
const DEFAULT_DESCRIPTION = 'Bachat compares prices across Indian stores, tracks price history and alerts you when prices drop.';
/** The site's share card (a PNG: link-preview bots do not take SVG). */
export const SITE_CARD_PATH = '/brand/bachat-card.png';

export type HeadInput = {
  screen: string | undefined;
  url: URL;
  params: Record<string, string | undefined>;
  origin: string;
  queryClient: QueryClient;
};

const absolute = (origin: string, pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`);

/**
 * A raster picture of a product for previews and rich results: a feed's own image when it is a raster file,
 * else the PNG rendering of our illustration.
 */
export function productImageUrls(product: Product, origin: string): string[] {
  const toRaster = (src: string) => (src.endsWith('.svg') ? src.replace(/\.svg$/, '.png') : src);
  const images = [product.image, ...product.imageGallery].filter(Boolean).map((src) => absolute(origin, toRaster(src)));
  // Rich results need an image: a product without one shows the site's card.
  return images.length > 0 ? [...new Set(images)] : [`${origin}${SITE_CARD_PATH}`];
}

function breadcrumbList(origin: string, items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: `${origin}${item.path}` })),
  };
}

const availability = (inStock: boolean) => (inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');

/** Google's Product rich result: the offers as an AggregateOffer with each store's Offer, as the page lists them. */
export function productJsonLd(product: Product, origin: string) {
  const pageUrl = `${origin}/product/${product.id}`;
  const offers = product.offers.length > 0 ? product.offers : [];
  const prices = offers.length > 0 ? offers.map((offer) => offer.currentPrice) : [product.currentPrice];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    image: productImageUrls(product, origin),
    description: product.description || undefined,
    sku: String(product.id),
    model: product.model || undefined,
    // Identifiers let search engines match the product across sites; only the ones a feed gave.
    gtin: product.gtin || undefined,
    mpn: product.mpn || undefined,
    brand: { '@type': 'Brand', name: product.brand },
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: 'INR',
      lowPrice: Math.min(...prices),
      highPrice: Math.max(...prices),
      offerCount: Math.max(offers.length, 1),
      availability: availability(product.inStock),
      offers: offers.map((offer) => ({
        '@type': 'Offer',
        price: offer.currentPrice,
        priceCurrency: 'INR',
        availability: availability(offer.inStock),
        url: offer.affiliateUrl ?? pageUrl,
        seller: { '@type': 'Organization', name: offer.store },
      })),
    },
    ...(product.reviews > 0 && {
      aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.reviews, bestRating: 5, worstRating: 1 },
    }),
  };
}

function productHead(product: Product, origin: string): PageHead {
  const stores = Math.max(product.offers.length, 1);
  const title = `${product.name} – Best price on ${SITE_NAME}`;
  const description =
    `${product.name} by ${product.brand}: lowest price ${formatPrice(product.currentPrice)} at ${product.store}, ` +
    `compared across ${stores} ${stores === 1 ? 'store' : 'stores'}. Price history and drop alerts on ${SITE_NAME}.`;
  const canonical = `${origin}/product/${product.id}`;
  return {
    description,
    canonical,
    og: { title, type: 'product', image: productImageUrls(product, origin)[0] ?? '', url: canonical },
    jsonLd: [
      productJsonLd(product, origin),
      breadcrumbList(origin, [
        { name: 'Home', path: '/' },
        { name: friendlyName(product.category), path: `/products/${product.category}` },
        { name: product.name, path: `/product/${product.id}` },
      ]),
    ],
  };
}

const notFoundHead = (origin: string): PageHead => ({
  description: DEFAULT_DESCRIPTION,
  robots: 'noindex',
  og: { title: `Not found – ${SITE_NAME}`, type: 'website', image: `${origin}${SITE_CARD_PATH}` },
  jsonLd: [],
});

/** Open Graph titles of the signed-in screens (their <title> is the screen's own). */
const PRIVATE_TITLES: Record<string, string> = {
  wishlist: `My Wishlist – ${SITE_NAME}`,
  'price-tracking': `Price Tracking – ${SITE_NAME}`,
  admin: `Operator console – ${SITE_NAME}`,
};

/** The comparison set the URL's ids make, as the screen makes it: the products loaded, in order, that the rules accept. */
export function comparedProducts(ids: readonly number[], queryClient: QueryClient): Product[] {
  return acceptInOrder(ids.flatMap((id) => queryClient.getQueryData<Product>(comparedProductQueryKey(id)) ?? [])).products;
}

const joinNames = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? ''));

/** Title, description, canonical URL, Open Graph and JSON-LD of a rendered screen, from the data it shows. */
export function pageHead({ screen, url, params, origin, queryClient }: HeadInput, notFound: boolean): PageHead {
  const card = `${origin}${SITE_CARD_PATH}`;
  if (notFound) return notFoundHead(origin);
  switch (screen) {
    case 'home':
      return {
        description: DEFAULT_DESCRIPTION,
        canonical: `${origin}/`,
        og: { title: `${SITE_NAME} – Compare prices across India's top stores`, type: 'website', image: card, url: `${origin}/` },
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'WebSite',
            name: SITE_NAME,
            url: `${origin}/`,
            potentialAction: {
              '@type': 'SearchAction',
              target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
              'query-input': 'required name=search_term_string',
            },
          },
        ],
      };
    case 'product': {
      const id = parseProductId(params.productId);
      const product = id === null ? undefined : queryClient.getQueryData<Product>(productQueryKey(id));
      return product ? productHead(product, origin) : notFoundHead(origin);
    }
    case 'listing': {
      const slugs = [params.category, params.subcategory, params.subSubcategory].filter((slug): slug is string => Boolean(slug));
      const path = resolveCategoryPath(slugs);
      if (!path) return notFoundHead(origin);
      const canonicalSlugs = [path.category, path.subcategory, path.subSubcategory].filter((slug): slug is string => Boolean(slug));
      const basePath = `/products/${canonicalSlugs.join('/')}`;
      const listing = parseListingParams(url.searchParams);
      // Sorted or filtered views are variants of the listing; its pages are pages of their own.
      const variant = listing.sort !== 'relevance' || listing.price !== 'all' || listing.brand !== null;
      const canonical = `${origin}${basePath}${!variant && listing.page > 1 ? `?page=${listing.page}` : ''}`;
      const name = friendlyName(canonicalSlugs.at(-1) ?? '');
      const page = queryClient
        .getQueryCache()
        .findAll({ queryKey: ['products', 'browse'] })
        .map((query) => query.state.data as ProductPage | undefined)
        .find(Boolean);
      const count = page ? `${page.total.toLocaleString('en-IN')} products` : 'Products';
      const title = `${name} – Compare prices on ${SITE_NAME}`;
      return {
        description: `${count} in ${name}: compare prices across Indian stores, see price history and get alerts when prices drop.`,
        canonical,
        og: { title, type: 'website', image: card, url: canonical },
        jsonLd: [
          breadcrumbList(origin, [
            { name: 'Home', path: '/' },
            ...canonicalSlugs.map((slug, index) => ({ name: friendlyName(slug), path: `/products/${canonicalSlugs.slice(0, index + 1).join('/')}` })),
          ]),
        ],
      };
    }
    case 'search': {
      const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
      const canonical = `${origin}/search${q ? `?q=${encodeURIComponent(q)}` : ''}`;
      return {
        description: q ? `Prices for “${q}” across Indian stores on ${SITE_NAME}.` : DEFAULT_DESCRIPTION,
        canonical,
        // Result pages are for shoppers, not for the index; their links are followed.
        robots: 'noindex, follow',
        og: { title: q ? `“${q}” – Search on ${SITE_NAME}` : `Search – ${SITE_NAME}`, type: 'website', image: card, url: canonical },
        jsonLd: [],
      };
    }
    case 'deals': {
      const request = parseDealsParams(url.searchParams);
      const deals = queryClient.getQueryData<DealPage>(dealsQueryOptions(request).queryKey);
      // Filtered views are variants of the deals page; its pages are pages of their own (as a listing's).
      const variant = request.category !== null || request.minDrop !== DEFAULT_DEAL_DROP;
      const canonical = `${origin}/deals${!variant && request.page > 1 ? `?page=${request.page}` : ''}`;
      const one = deals?.total === 1;
      const count = deals ? `${deals.total.toLocaleString('en-IN')} ${one ? 'product' : 'products'}` : 'Products';
      return {
        description: `${count} priced well below ${one ? 'its' : 'their'} own 90-day typical price across Indian stores: real price drops, not inflated “original prices”.`,
        canonical,
        og: { title: DEALS_PAGE_TITLE, type: 'website', image: card, url: canonical },
        jsonLd: [
          breadcrumbList(origin, [
            { name: 'Home', path: '/' },
            { name: 'Deals', path: '/deals' },
          ]),
        ],
      };
    }
    case 'comparison': {
      // A shared comparison (`/comparison?products=1,2`) is previewed with its products; it stays out of the index
      // (any set of ids makes a URL) while its links to the products are followed.
      const products = comparedProducts(parseComparisonIds(url.searchParams.get('products')), queryClient);
      const first = products[0];
      const title = comparisonTitle(products);
      const description = first
        ? `${joinNames(products.map((product) => `${product.name} (${formatPrice(product.currentPrice)})`))} side by side: ` +
          `the best price across Indian stores, ratings and specifications on ${SITE_NAME}.`
        : DEFAULT_DESCRIPTION;
      const ids = formatComparisonIds(products.map((product) => product.id));
      return {
        description,
        robots: 'noindex, follow',
        og: {
          title,
          type: 'website',
          image: first ? (productImageUrls(first, origin)[0] ?? card) : card,
          url: `${origin}/comparison${ids ? `?products=${ids}` : ''}`,
        },
        jsonLd: [],
      };
    }
    default: {
      // Signed-in screens: the wishlist, price tracking (alerts, notifications); the operator console.
      const title = PRIVATE_TITLES[screen ?? ''] ?? SITE_NAME;
      return { description: DEFAULT_DESCRIPTION, robots: 'noindex', og: { title, type: 'website', image: card }, jsonLd: [] };
    }
  }
}

/** JSON-LD inside <script>: no "</script>" or "<!--" may appear in it. */
export const serializeJsonLd = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

export function HeadTags({ head }: { head: PageHead }) {
  return (
    <>
      <meta name="description" content={head.description} />
      {head.robots && <meta name="robots" content={head.robots} />}
      {head.canonical && <link rel="canonical" href={head.canonical} />}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:locale" content="en_IN" />
      <meta property="og:type" content={head.og.type} />
      <meta property="og:title" content={head.og.title} />
      <meta property="og:description" content={head.description} />
      <meta property="og:image" content={head.og.image} />
      {head.og.url && <meta property="og:url" content={head.og.url} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={head.og.title} />
      <meta name="twitter:description" content={head.description} />
      <meta name="twitter:image" content={head.og.image} />
      {head.jsonLd.map((value, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(value) }} />
      ))}
    </>
  );
}
