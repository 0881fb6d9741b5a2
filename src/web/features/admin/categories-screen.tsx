import { Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { ErrorPanel } from '@/web/components/error-panel';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api-client';
import { useCategoryMappings, useRemoveCategoryMapping, useSetCategoryMapping } from './categories-api';

const errorText = (error: unknown) => (error instanceof ApiError ? error.detail : 'Something went wrong. Please try again.');

/** Feed category paths → catalogue categories (what `npm run feeds -- categories` does), editable here. */
export function CategoriesScreen() {
  const mappings = useCategoryMappings();
  const setMapping = useSetCategoryMapping();
  const remove = useRemoveCategoryMapping();
  const [source, setSource] = useState('');
  const [target, setTarget] = useState('');
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (mappings.data?.items ?? []).filter((row) => !needle || row.source.includes(needle) || row.target.includes(needle));
  }, [mappings.data, filter]);

  if (mappings.isPending) return <Spinner label="Loading category mappings" />;
  if (mappings.isError) return <ErrorPanel error={mappings.error} onRetry={() => void mappings.refetch()} />;

  const save = (sourceText: string, targetText: string, done?: () => void) =>
    setMapping.mutate(
      { source: sourceText, target: targetText },
      {
        onSuccess: (row) => {
          toast.success('Mapping saved', { description: `${row.source} → ${row.target}` });
          done?.();
        },
        onError: (error) => toast.error('Could not save the mapping', { description: errorText(error) }),
      },
    );

  return (
    <section aria-labelledby="categories-heading" className="flex flex-col gap-4">
      <h2 id="categories-heading" className="text-xl font-semibold">
        Category mapping
      </h2>
      <p className="text-sm text-muted-foreground">
        A feed item that needs a new product is placed by its product_type or google_product_category. Unmapped paths are rejected rows of the import; map them here and import again.
      </p>
      <datalist id="catalogue-targets">
        {mappings.data.targets.map((path) => (
          <option key={path} value={path} />
        ))}
      </datalist>
      <form
        className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          save(source, target, () => {
            setSource('');
            setTarget('');
          });
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="mapping-source">Feed category</Label>
          <Input id="mapping-source" placeholder="Electronics > Smartwatches" value={source} onChange={(event) => setSource(event.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="mapping-target">Catalogue category</Label>
          <Input id="mapping-target" list="catalogue-targets" placeholder="electronics/wearable-technology" value={target} onChange={(event) => setTarget(event.target.value)} />
        </div>
        <Button type="submit" disabled={setMapping.isPending}>
          Save mapping
        </Button>
      </form>
      <Input type="search" aria-label="Filter mappings" placeholder="Filter mappings" value={filter} onChange={(event) => setFilter(event.target.value)} className="max-w-sm" />
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm">
          <thead className="bg-muted/50 text-left text-xs uppercase text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">Feed category</th>
              <th className="px-3 py-2 font-medium">Catalogue category</th>
              <th className="px-3 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.source} className="border-t">
                <td className="px-3 py-2">
                  {row.source} {row.builtIn && <Badge variant="outline">built-in</Badge>}
                </td>
                <td className="px-3 py-2">
                  <Input
                    aria-label={`Catalogue category for ${row.source}`}
                    list="catalogue-targets"
                    defaultValue={row.target}
                    className="h-8"
                    onBlur={(event) => {
                      const next = event.target.value.trim();
                      if (next && next !== row.target) save(row.source, next);
                    }}
                  />
                </td>
                <td className="px-3 py-2 text-right">
                  {!row.builtIn && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove the mapping of ${row.source}`}
                      onClick={() => remove.mutate(row.source, { onError: (error) => toast.error('Could not remove the mapping', { description: errorText(error) }) })}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
