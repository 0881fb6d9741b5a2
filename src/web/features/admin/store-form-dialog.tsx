import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import { applyAffiliateTag } from '@/shared/affiliate';
import { type AdminStore, storeFormSchema } from '@/shared/contracts/admin';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { ApiError } from '@/web/lib/api-client';
import { useSaveStore } from './stores-api';

type Fields = { name: string; slug: string; homepage: string; feedUrl: string; interval: string; affiliateTagTemplate: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

const FIELD_OF: Record<string, keyof Fields> = { feedIntervalMinutes: 'interval' };

/** Add or edit a store: name, homepage, feed URL, interval, affiliate tag template (validated by the API's own schema). */
export function StoreFormDialog({ store, onClose }: { store: AdminStore | null; onClose: () => void }) {
  const save = useSaveStore();
  const [fields, setFields] = useState<Fields>({
    name: store?.name ?? '',
    slug: store?.slug ?? '',
    homepage: store?.homepage ?? '',
    feedUrl: store?.feedUrl ?? '',
    interval: store?.feedIntervalMinutes?.toString() ?? '',
    affiliateTagTemplate: store?.affiliateTagTemplate ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (key: keyof Fields) => (event: React.ChangeEvent<HTMLInputElement>) => setFields((old) => ({ ...old, [key]: event.target.value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const interval = fields.interval.trim();
    const parsed = storeFormSchema.safeParse({
      name: fields.name,
      ...(store ? {} : { slug: fields.slug }),
      homepage: fields.homepage,
      feedUrl: fields.feedUrl,
      feedIntervalMinutes: interval === '' ? null : /^\d+$/.test(interval) ? Number(interval) : Number.NaN,
      affiliateTagTemplate: fields.affiliateTagTemplate,
    });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        const field = FIELD_OF[key] ?? (key as keyof Fields);
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    if (parsed.data.feedIntervalMinutes !== null && parsed.data.feedUrl === null) {
      setErrors({ interval: 'A schedule needs a feed URL' });
      return;
    }
    setErrors({});
    save.mutate(
      { id: store?.id ?? null, values: parsed.data },
      {
        onSuccess: (saved) => {
          toast.success(store ? 'Store updated' : 'Store added', { description: saved.name });
          onClose();
        },
        onError: (error) => toast.error('Could not save the store', { description: error instanceof ApiError ? error.detail : 'Please try again.' }),
      },
    );
  };

  const preview = fields.affiliateTagTemplate.trim() ? applyAffiliateTag('https://store.example/p/123', fields.affiliateTagTemplate) : null;
  const field = (key: keyof Fields, label: string, props: React.ComponentProps<typeof Input> = {}, hint?: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`store-${key}`}>{label}</Label>
      <Input id={`store-${key}`} value={fields[key]} onChange={set(key)} aria-invalid={errors[key] ? true : undefined} aria-describedby={`store-${key}-note`} {...props} />
      <p id={`store-${key}-note`} className={errors[key] ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
        {errors[key] ?? hint}
      </p>
    </div>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{store ? `Edit ${store.name}` : 'Add store'}</DialogTitle>
          <DialogDescription>Feeds are read from the feed URL on schedule; you can also upload a feed file from the list.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-3" noValidate>
          {field('name', 'Name', { autoComplete: 'off' })}
          {!store && field('slug', 'Slug (optional)', { placeholder: 'from the name' }, 'Lower-case letters, digits and hyphens.')}
          {field('homepage', 'Homepage', { type: 'url', placeholder: 'https://' })}
          {field('feedUrl', 'Feed URL', { type: 'url', placeholder: 'https://…/feed.xml' }, 'RSS/Atom XML, TSV or CSV.')}
          {field('interval', 'Import every (minutes)', { inputMode: 'numeric', placeholder: 'not scheduled' }, 'Empty: not scheduled. At least 5.')}
          {field(
            'affiliateTagTemplate',
            'Affiliate tag template',
            { placeholder: 'tag=bachat-21' },
            preview ? `Preview: ${preview}` : 'Query parameters (tag=bachat-21) or a tracking URL with {url}.',
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : store ? 'Save changes' : 'Add store'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
