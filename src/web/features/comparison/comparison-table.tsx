import { Award, ExternalLink, ImageOff, Trash2, Trophy } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { bestPriceId, highestRatedId } from '@/shared/comparison-rules';
import type { Product } from '@/shared/contracts/product';
import { hasDiscount, showOriginalPrice } from '@/shared/money';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { StarRating } from '@/web/components/ui/star-rating';
import { useCurrency } from '@/web/lib/currency';
import { useImageFailed } from '@/web/lib/use-image-failed';
import { cn } from '@/web/lib/utils';
import { attributeRows } from './attribute-rows';
import { useProductAttributes } from './get-attributes';
import { specificationRows } from './spec-rows';

/**
 * SPEC 2's comparison table (Price, Rating, Store, Discount, Actions) with the products as columns, then their
 * specifications lined up row by row; rows whose values differ are highlighted and say so to screen readers.
 */
export function ComparisonTable({ products, onRemove }: { products: readonly Product[]; onRemove: (productId: number) => void }) {
  const { format } = useCurrency();
  const several = products.length > 1;
  const bestPrice = several ? bestPriceId(products) : null;
  const topRated = several ? highestRatedId(products) : null;
  const specs = useMemo(() => specificationRows(products), [products]);
  const differing = specs.filter((row) => row.differs).length;
  const attributes = useProductAttributes(products.map((product) => product.id));
  const keySpecs = useMemo(() => (attributes.data ? attributeRows(products, attributes.data) : []), [products, attributes.data]);
  const keyDiffering = keySpecs.filter((row) => row.differs).length;

  return (
    <div className="relative overflow-x-auto rounded-lg border">
      <table className="w-full min-w-[520px] border-collapse text-sm">
        <caption className="sr-only">Side-by-side comparison of {products.map((product) => product.name).join(', ')}</caption>
        <colgroup>
          <col className="w-24 sm:w-40" />
          {products.map((product) => (
            <col key={product.id} />
          ))}
        </colgroup>
        <thead>
          <tr className="border-b bg-muted/40 align-top">
            <RowHeader as="td">
              <span className="sr-only">Product</span>
            </RowHeader>
            {products.map((product) => (
              <th key={product.id} scope="col" className="min-w-36 p-3 text-left font-normal sm:min-w-44">
                <ProductHeading product={product} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <Row label="Price">
            {products.map((product) => (
              <td key={product.id} className="p-3 align-top">
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <span className="text-lg font-bold">{format(product.currentPrice)}</span>
                  {showOriginalPrice(product.originalPrice, product.currentPrice) && (
                    <s className="text-xs text-muted-foreground">{format(product.originalPrice)}</s>
                  )}
                </div>
                {product.id === bestPrice && (
                  <Badge variant="success" className="mt-1">
                    <Award aria-hidden /> Best Price
                  </Badge>
                )}
              </td>
            ))}
          </Row>
          <Row label="Rating">
            {products.map((product) => (
              <td key={product.id} className="p-3 align-top">
                <div className="flex flex-wrap items-center gap-1.5">
                  <StarRating rating={product.rating} size="sm" />
                  <span className="font-medium">{product.rating.toFixed(1)}</span>
                  <span className="text-xs text-muted-foreground">({product.reviews.toLocaleString('en-IN')})</span>
                </div>
                {product.id === topRated && (
                  <Badge variant="warning" className="mt-1">
                    <Trophy aria-hidden /> Highest Rated
                  </Badge>
                )}
              </td>
            ))}
          </Row>
          <Row label="Store">
            {products.map((product) => (
              <td key={product.id} className="p-3 align-top">
                <Badge variant="secondary">{product.store}</Badge>
              </td>
            ))}
          </Row>
          <Row label="Discount">
            {products.map((product) => (
              <td key={product.id} className="p-3 align-top">
                {hasDiscount(product.discount) ? (
                  <span className="font-semibold text-success">{product.discount}% OFF</span>
                ) : (
                  <span className="text-muted-foreground">No discount</span>
                )}
              </td>
            ))}
          </Row>
          <Row label="Actions">
            {products.map((product) => (
              <td key={product.id} className="p-3 align-top">
                <div className="flex flex-wrap gap-2">
                  <Button asChild size="sm">
                    <Link to={`/product/${product.id}`}>
                      <ExternalLink aria-hidden /> View Deal<span className="sr-only"> for {product.name}</span>
                    </Link>
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => onRemove(product.id)} className="text-destructive hover:bg-destructive/10 hover:text-destructive">
                    <Trash2 aria-hidden /> Remove<span className="sr-only"> {product.name}</span>
                  </Button>
                </div>
              </td>
            ))}
          </Row>
        </tbody>
        {keySpecs.length > 0 && (
          <tbody data-testid="key-specs">
            <SectionHeading columns={products.length + 1} title="Key Specs" note={several ? differenceNote(keyDiffering) : null} />
            {keySpecs.map((row) => (
              <tr key={row.name} data-attribute={row.name} data-differs={row.differs || undefined} className={cn('border-b last:border-b-0', row.differs && 'bg-warning/15')}>
                <DifferenceHeader label={row.label} differs={row.differs} />
                {row.values.map((value, index) => (
                  <td key={products[index]?.id ?? index} className="p-3 align-top break-words">
                    {value ?? <span className="text-muted-foreground">—<span className="sr-only">Not listed</span></span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        )}
        {specs.length > 0 && (
          <tbody data-testid="spec-rows">
            <tr className="border-b bg-muted/40">
              <td colSpan={products.length + 1} className="px-3 py-2.5 text-left">
                <div className="sticky left-3 inline-flex flex-wrap items-baseline gap-x-2">
                  <h3 className="font-semibold">Specifications</h3>
                  {several && (
                    <span className="text-xs font-normal text-muted-foreground">
                      {differing === 0 ? 'All the same' : `${differing} ${differing === 1 ? 'difference' : 'differences'} highlighted`}
                    </span>
                  )}
                </div>
              </td>
            </tr>
            {specs.map((row) => (
              <tr key={row.key} data-differs={row.differs || undefined} className={cn('border-b last:border-b-0', row.differs && 'bg-warning/15')}>
                <DifferenceHeader label={row.label} differs={row.differs} />
                {row.values.map((value, index) => (
                  <td key={products[index]?.id ?? index} className="p-3 align-top break-words">
                    {value ?? <span className="text-muted-foreground">—<span className="sr-only">Not listed</span></span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        )}
      </table>
    </div>
  );
}

const differenceNote = (count: number) => (count === 0 ? 'All the same' : `${count} ${count === 1 ? 'difference' : 'differences'} highlighted`);

function SectionHeading({ columns, title, note }: { columns: number; title: string; note: string | null }) {
  return (
    <tr className="border-b bg-muted/40">
      <td colSpan={columns} className="px-3 py-2.5 text-left">
        <div className="sticky left-3 inline-flex flex-wrap items-baseline gap-x-2">
          <h3 className="font-semibold">{title}</h3>
          {note && <span className="text-xs font-normal text-muted-foreground">{note}</span>}
        </div>
      </td>
    </tr>
  );
}

/**
 * A row label that says when the products' values differ: a tint and a bar for the eye, and the words "Differs"
 * with a ≠ mark so it is never colour alone; screen readers hear "(values differ)".
 */
function DifferenceHeader({ label, differs }: { label: string; differs: boolean }) {
  return (
    <RowHeader className={cn(differs && 'border-l-4 border-l-warning bg-[color-mix(in_oklab,var(--warning)_15%,var(--card))]')}>
      {label}
      {differs && (
        <>
          <span aria-hidden data-testid="differs-mark" className="mt-1 flex items-center gap-1 text-[11px] font-semibold tracking-normal text-warning-foreground normal-case">
            <span className="text-sm leading-none">≠</span> Differs
          </span>
          <span className="sr-only"> (values differ)</span>
        </>
      )}
    </RowHeader>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr className="border-b">
      <RowHeader>{label}</RowHeader>
      {children}
    </tr>
  );
}

/** The sticky first column, so labels stay in view while a phone scrolls the products sideways. */
function RowHeader({ children, className, as = 'th' }: { children: ReactNode; className?: string; as?: 'th' | 'td' }) {
  const Cell = as;
  return (
    <Cell
      {...(as === 'th' ? { scope: 'row' } : {})}
      className={cn('sticky left-0 z-10 bg-card p-3 text-left align-top text-xs font-semibold text-muted-foreground uppercase sm:text-sm sm:normal-case', className)}
    >
      {children}
    </Cell>
  );
}

function ProductHeading({ product }: { product: Product }) {
  const image = useImageFailed(product.image);
  return (
    <Link to={`/product/${product.id}`} className="group flex flex-col gap-2">
      <span className="grid aspect-square w-20 place-items-center overflow-hidden rounded-md border bg-card sm:w-24">
        {image.failed ? (
          <ImageOff className="size-6 text-muted-foreground" aria-hidden data-placeholder="true" />
        ) : (
          <img ref={image.ref} src={product.image} alt="" width={96} height={96} onError={image.onError} className="size-full object-contain p-1.5" />
        )}
      </span>
      <span className="line-clamp-2 font-semibold group-hover:text-primary">{product.name}</span>
      <span className="text-xs text-muted-foreground">{product.brand}</span>
    </Link>
  );
}
