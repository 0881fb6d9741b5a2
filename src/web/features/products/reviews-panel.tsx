import { MessageSquarePlus, UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Product } from '@/shared/contracts/product';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { StarRating } from '@/web/components/ui/star-rating';
import { useAuth } from '@/web/lib/auth-session';
import { useOpenedOnce } from '@/web/lib/opened-once';
import { useReviews } from './get-reviews';
import { formatDate } from './relative-time';

// Loaded when first opened: the review form and its validation are not needed for the page's first view.
const WriteReviewDialog = lazy(() => import('./write-review-dialog').then((module) => ({ default: module.WriteReviewDialog })));

/** SPEC point 2's Reviews tab: average rating, count and "Write a Review" (DECISIONS 12), then the reviews. */
export function ReviewsPanel({ product }: { product: Product }) {
  const reviews = useReviews(product.id);
  const { isAuthenticated, openAuthDialog } = useAuth();
  const [open, setOpen] = useState(false);
  const dialogMounted = useOpenedOnce(open);
  const rating = reviews.data?.rating ?? product.rating;
  const count = reviews.data?.reviews ?? product.reviews;

  const write = () => {
    if (isAuthenticated) setOpen(true);
    else openAuthDialog('signin');
  };

  return (
    <div className="grid gap-6 md:grid-cols-[260px_minmax(0,1fr)] md:gap-10">
      <div className="flex flex-col items-start gap-2 rounded-xl border bg-muted/40 p-5 md:self-start">
        <p className="text-sm font-medium text-muted-foreground">Average rating</p>
        <p className="flex items-baseline gap-1">
          <span className="text-4xl font-bold tabular-nums" data-testid="average-rating">
            {rating.toFixed(1)}
          </span>
          <span className="text-muted-foreground">/ 5</span>
        </p>
        <StarRating rating={rating} size="lg" />
        <p className="text-sm text-muted-foreground" data-testid="review-total">
          Based on {count.toLocaleString('en-IN')} {count === 1 ? 'review' : 'reviews'}
        </p>
        <Button onClick={write} className="mt-2 w-full">
          <MessageSquarePlus aria-hidden /> Write a Review
        </Button>
      </div>

      <div className="flex min-w-0 flex-col gap-4">
        <h3 className="text-base font-semibold">Reviews from Bachat shoppers</h3>
        {reviews.isPending ? (
          <div className="space-y-3" aria-label="Loading reviews" role="status">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : reviews.isError ? (
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-dashed p-5 text-sm text-muted-foreground">
            Failed to load reviews.
            <Button size="sm" variant="outline" onClick={() => void reviews.refetch()}>
              Try Again
            </Button>
          </div>
        ) : reviews.data.items.length === 0 ? (
          <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
            No one has reviewed this product on Bachat yet. Be the first!
          </p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Reviews">
            {reviews.data.items.map((review) => (
              <li key={review.id} className="rounded-xl border bg-card p-4 sm:p-5">
                <article aria-labelledby={`review-${review.id}`}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div className="flex items-center gap-2">
                      <span className="grid size-8 place-items-center rounded-full bg-accent text-accent-foreground">
                        <UserRound className="size-4" aria-hidden />
                      </span>
                      <span className="text-sm font-medium">{review.author}</span>
                      {review.mine && <Badge variant="secondary">Your review</Badge>}
                    </div>
                    <time dateTime={review.createdAt} className="text-xs text-muted-foreground">
                      {formatDate(review.createdAt)}
                    </time>
                  </div>
                  <div className="mt-3 flex items-center gap-2">
                    <StarRating rating={review.rating} size="sm" />
                    <h4 id={`review-${review.id}`} className="font-semibold">
                      {review.title}
                    </h4>
                  </div>
                  <p className="mt-2 text-sm whitespace-pre-line text-muted-foreground">{review.body}</p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
      {dialogMounted && (
        <Suspense fallback={null}>
          <WriteReviewDialog product={product} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </div>
  );
}
