import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, type To } from 'react-router';
import { buttonVariants } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';

/** Page numbers to show: first, last, and the current page's neighbours, with gaps as null. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out.at(-1);
    if (typeof last === 'number' && p - last === 2) out.push(last + 1);
    else if (typeof last === 'number' && p - last > 2) out.push(null);
    out.push(p);
  }
  return out;
}

/** Server pages of a listing (DECISIONS 9) as links, so every page has its own URL. */
export function Pagination({ page, pageCount, hrefFor, className }: { page: number; pageCount: number; hrefFor: (page: number) => To; className?: string }) {
  if (pageCount <= 1) return null;
  const item = (active: boolean) =>
    cn(buttonVariants({ variant: active ? 'default' : 'outline', size: 'icon' }), 'tabular-nums', active && 'pointer-events-none');
  const edge = cn(buttonVariants({ variant: 'outline' }), 'gap-1 px-3');
  const disabledEdge = cn(edge, 'pointer-events-none opacity-50');
  return (
    <nav aria-label="Pagination" className={cn('flex flex-wrap items-center justify-center gap-1.5', className)}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={edge} rel="prev">
          <ChevronLeft aria-hidden /> Previous
        </Link>
      ) : (
        <span className={disabledEdge} aria-disabled="true">
          <ChevronLeft aria-hidden /> Previous
        </span>
      )}
      <ol className="flex items-center gap-1.5">
        {pageWindow(page, pageCount).map((p, index) =>
          p === null ? (
            <li key={`gap-${index}`} aria-hidden className="px-1 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={p}>
              <Link to={hrefFor(p)} className={item(p === page)} aria-current={p === page ? 'page' : undefined} aria-label={`Page ${p}`}>
                {p}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={edge} rel="next">
          Next <ChevronRight aria-hidden />
        </Link>
      ) : (
        <span className={disabledEdge} aria-disabled="true">
          Next <ChevronRight aria-hidden />
        </span>
      )}
    </nav>
  );
}
