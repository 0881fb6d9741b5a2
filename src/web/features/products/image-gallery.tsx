import { ChevronLeft, ChevronRight, PlayCircle } from 'lucide-react';
import { useState } from 'react';
import type { Product } from '@/shared/contracts/product';
import { DiscountBadge } from '@/web/components/product/discount-badge';
import { ProductImage } from '@/web/components/product/product-image';
import { cn } from '@/web/lib/utils';

/** Main image, then the gallery, without repeats or blanks. */
export function galleryImages(product: Pick<Product, 'image' | 'imageGallery'>): string[] {
  return [...new Set([product.image, ...product.imageGallery].filter((src) => typeof src === 'string' && src.trim() !== ''))];
}

/**
 * SPEC point 2: the image gallery with thumbnails in 4 columns and a placeholder when an image fails.
 * Mount it with key={product.id} so the image index starts at 0 for every product (SPEC point 4).
 */
export function ImageGallery({ product, discount }: { product: Product; discount: number }) {
  const images = galleryImages(product);
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[Math.min(index, Math.max(count - 1, 0))] ?? null;
  const go = (delta: number) => setIndex((i) => (count ? (i + delta + count) % count : 0));

  return (
    <div className="flex flex-col gap-3">
      <div className="relative overflow-hidden rounded-2xl border bg-card">
        <ProductImage
          src={current}
          alt={index === 0 ? product.name : `${product.name}, image ${index + 1} of ${count}`}
          loading="eager"
          className="aspect-square bg-muted/60"
        />
        <DiscountBadge discount={discount} className="absolute top-3 left-3 px-2.5 py-1 text-sm shadow-sm" />
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(-1)}
              aria-label="Previous image"
              className="absolute top-1/2 left-3 grid size-9 -translate-y-1/2 place-items-center rounded-full border bg-card/90 shadow-sm backdrop-blur hover:bg-card"
            >
              <ChevronLeft className="size-5" aria-hidden />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              aria-label="Next image"
              className="absolute top-1/2 right-3 grid size-9 -translate-y-1/2 place-items-center rounded-full border bg-card/90 shadow-sm backdrop-blur hover:bg-card"
            >
              <ChevronRight className="size-5" aria-hidden />
            </button>
            <span className="absolute right-3 bottom-3 rounded-full bg-foreground/70 px-2 py-0.5 text-xs text-background tabular-nums" aria-hidden>
              {index + 1} / {count}
            </span>
          </>
        )}
      </div>

      {count > 1 && (
        <ul aria-label="Product images" className="grid grid-cols-4 gap-2" data-testid="thumbnails">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show image ${i + 1} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                className={cn(
                  'block w-full overflow-hidden rounded-lg border-2 bg-card transition',
                  i === index ? 'border-primary' : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                <ProductImage src={src} alt="" className="aspect-square" />
              </button>
            </li>
          ))}
        </ul>
      )}

      {product.videoUrl && <VideoBox url={product.videoUrl} name={product.name} />}
    </div>
  );
}

function embedUrl(url: string): string | null {
  const youtube = url.match(/(?:youtube\.com\/(?:watch\?v=|embed\/)|youtu\.be\/)([\w-]{6,})/);
  if (youtube) return `https://www.youtube-nocookie.com/embed/${youtube[1]}`;
  const vimeo = url.match(/vimeo\.com\/(\d+)/);
  if (vimeo) return `https://player.vimeo.com/video/${vimeo[1]}`;
  return null;
}

/** SPEC point 2: a video box when the product has a videoUrl. */
function VideoBox({ url, name }: { url: string; name: string }) {
  const embed = embedUrl(url);
  return (
    <section aria-labelledby="product-video" className="overflow-hidden rounded-2xl border bg-card">
      <h2 id="product-video" className="flex items-center gap-2 border-b px-4 py-3 text-sm font-semibold">
        <PlayCircle className="size-4 text-primary" aria-hidden /> Product video
      </h2>
      <div className="aspect-video bg-foreground/90">
        {embed ? (
          <iframe src={embed} title={`${name} video`} className="size-full" allow="encrypted-media; picture-in-picture" allowFullScreen loading="lazy" />
        ) : (
          <video src={url} controls preload="metadata" className="size-full" aria-label={`${name} video`}>
            <a href={url}>Watch the video of {name}</a>
          </video>
        )}
      </div>
    </section>
  );
}
