import { ImageOff } from 'lucide-react';
import { useImageFailed } from '@/web/lib/use-image-failed';
import { cn } from '@/web/lib/utils';

type ProductImageProps = {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** Classes for the <img> itself (object-fit, padding). */
  imgClassName?: string;
  /** 'eager' for a picture in the first view (it is then fetched first); others load as they scroll near. */
  loading?: 'lazy' | 'eager';
};

/** Product pictures are square; the attributes reserve their box before they load (no layout shift). */
const IMAGE_SIZE = 400;

/**
 * A product picture that falls back to a neutral placeholder when the image is missing or fails to load
 * (SPEC point 2: "placeholder on image error"). The placeholder keeps the alt text as its accessible name.
 */
export function ProductImage({ src, alt, className, imgClassName, loading = 'lazy' }: ProductImageProps) {
  const { failed, ref, onError } = useImageFailed(src);
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
          ref={ref}
          src={src ?? undefined}
          alt={alt}
          width={IMAGE_SIZE}
          height={IMAGE_SIZE}
          loading={loading}
          fetchPriority={loading === 'eager' ? 'high' : undefined}
          decoding="async"
          onError={onError}
          className={cn('size-full object-contain', imgClassName)}
        />
      )}
    </div>
  );
}
