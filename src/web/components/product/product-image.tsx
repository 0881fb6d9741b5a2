import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/web/lib/utils';

type ProductImageProps = {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** Classes for the <img> itself (object-fit, padding). */
  imgClassName?: string;
  loading?: 'lazy' | 'eager';
};

/**
 * A product picture that falls back to a neutral placeholder when the image is missing or fails to load
 * (SPEC point 2: "placeholder on image error"). The placeholder keeps the alt text as its accessible name.
 */
export function ProductImage({ src, alt, className, imgClassName, loading = 'lazy' }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !src || failedSrc === src;
  return (
    <div className={cn('relative overflow-hidden bg-muted', className)}>
      {failed ? (
        <div
          role="img"
          aria-label={alt}
          data-placeholder="true"
          className="flex size-full flex-col items-center justify-center gap-2 text-muted-foreground"
        >
          <ImageOff className="size-8" aria-hidden />
          <span className="text-xs">Image not available</span>
        </div>
      ) : (
        <img
          src={src}
          alt={alt}
          loading={loading}
          decoding="async"
          onError={() => setFailedSrc(src)}
          className={cn('size-full object-contain', imgClassName)}
        />
      )}
    </div>
  );
}
