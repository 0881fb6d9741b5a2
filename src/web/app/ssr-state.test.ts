import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/web/lib/api-client';
import { reviveState, shouldDehydrateQuery } from './ssr-state';

describe('the server-rendered query cache, as the browser hydrates it', () => {
  it('counts the data as fetched now (a kept page must not refetch on hydration) and revives API errors', async () => {
    const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await server.prefetchQuery({ queryKey: ['product', 1], queryFn: () => ({ id: 1 }) });
    await server.prefetchQuery({
      queryKey: ['product', 2],
      queryFn: () => {
        throw new ApiError(404, 'Product not found', 'HTTP_ERROR', null);
      },
    });
    // Rendered (and kept by the server) 50 s before the browser reads it.
    const rendered = JSON.parse(JSON.stringify(dehydrate(server, { shouldDehydrateQuery }))) as ReturnType<typeof dehydrate>;
    const now = Date.now() + 50_000;
    const revived = reviveState(rendered, now);

    const browser = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const { hydrate } = await import('@tanstack/react-query');
    hydrate(browser, revived);
    const product = browser.getQueryCache().find({ queryKey: ['product', 1] });
    expect(product?.state.data).toEqual({ id: 1 });
    expect(product?.state.dataUpdatedAt).toBe(now);
    expect(product?.isStaleByTime(30_000)).toBe(false);
    const missing = browser.getQueryCache().find({ queryKey: ['product', 2] });
    expect(missing?.state.error).toBeInstanceOf(ApiError);
    expect((missing?.state.error as ApiError).status).toBe(404);
  });
});
