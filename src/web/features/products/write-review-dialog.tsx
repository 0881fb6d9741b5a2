import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Star } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import type { z } from 'zod';
import { createReviewBody } from '@/shared/contracts/account';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError } from '@/web/lib/api-client';
import { useAuth } from '@/web/lib/auth-session';
import { cn } from '@/web/lib/utils';
import { type ReviewInput, useCreateReview } from './create-review';

type FormValues = z.input<typeof createReviewBody>;

const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/** DECISIONS 12: a signed-in shopper rates the product 1–5 and writes a review. */
export function WriteReviewDialog({
  product,
  open,
  onOpenChange,
}: {
  product: { id: number; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const ids = { title: useId(), body: useId(), rating: useId(), error: useId() };
  const { openAuthDialog } = useAuth();
  const [hover, setHover] = useState(0);
  const create = useCreateReview(product.id);
  const form = useForm<FormValues, unknown, ReviewInput>({
    resolver: zodResolver(createReviewBody),
    defaultValues: { rating: 0, title: '', body: '' },
  });
  const { errors } = form.formState;

  const close = (next: boolean) => {
    if (!next) {
      form.reset();
      create.reset();
      setHover(0);
    }
    onOpenChange(next);
  };

  const submit = form.handleSubmit((values) => {
    form.clearErrors('root');
    create.mutate(values, {
      onSuccess: () => {
        toast.success('Review Submitted', { description: `Thanks! Your review of ${product.name} is now live.` });
        close(false);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          form.setError('root', { message: 'You have already reviewed this product' });
        } else if (error instanceof ApiError && error.status === 401) {
          close(false);
          openAuthDialog('signin');
        } else {
          form.setError('root', { message: 'Failed to submit your review. Please try again.' });
        }
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={submit} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>Write a Review</DialogTitle>
            <DialogDescription className="line-clamp-2">{product.name}</DialogDescription>
          </DialogHeader>

          <Controller
            control={form.control}
            name="rating"
            render={({ field }) => {
              const shown = hover || field.value;
              return (
                <fieldset className="grid gap-2" aria-describedby={errors.rating ? `${ids.rating}-error` : undefined}>
                  <legend className="mb-2 text-sm font-medium">Your rating</legend>
                  <div className="flex items-center gap-3">
                    <div role="radiogroup" aria-label="Rating" className="flex" onMouseLeave={() => setHover(0)}>
                      {[1, 2, 3, 4, 5].map((value) => (
                        <label key={value} className="relative cursor-pointer p-0.5" onMouseEnter={() => setHover(value)}>
                          <input
                            type="radio"
                            name={field.name}
                            value={value}
                            checked={field.value === value}
                            onChange={() => field.onChange(value)}
                            onBlur={field.onBlur}
                            aria-label={`${value} ${value === 1 ? 'star' : 'stars'}`}
                            // Covers its star, so a click or tap anywhere on the star picks it.
                            className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0"
                          />
                          <Star
                            aria-hidden
                            className={cn(
                              'size-8 rounded-sm transition-colors peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/60',
                              value <= shown ? 'fill-warning text-warning' : 'fill-transparent text-muted-foreground/40',
                            )}
                          />
                        </label>
                      ))}
                    </div>
                    <span className="text-sm text-muted-foreground" aria-live="polite">
                      {RATING_WORDS[shown] ?? ''}
                    </span>
                  </div>
                  {errors.rating && (
                    <p id={`${ids.rating}-error`} className="text-sm text-destructive">
                      {errors.rating.message}
                    </p>
                  )}
                </fieldset>
              );
            }}
          />

          <div className="grid gap-2">
            <Label htmlFor={ids.title}>Title</Label>
            <Input
              id={ids.title}
              placeholder="Sum it up in a few words"
              maxLength={120}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={errors.title ? `${ids.title}-error` : undefined}
              {...form.register('title')}
            />
            {errors.title && (
              <p id={`${ids.title}-error`} className="text-sm text-destructive">
                {errors.title.message}
              </p>
            )}
          </div>

          <div className="grid gap-2">
            <Label htmlFor={ids.body}>Your review</Label>
            <Textarea
              id={ids.body}
              rows={5}
              placeholder="What did you like or dislike? How are you using it?"
              maxLength={5000}
              className="min-h-28"
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={errors.body ? `${ids.body}-error` : undefined}
              {...form.register('body')}
            />
            {errors.body && (
              <p id={`${ids.body}-error`} className="text-sm text-destructive">
                {errors.body.message}
              </p>
            )}
          </div>

          {errors.root && (
            <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
              {errors.root.message}
            </p>
          )}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Submit Review
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
