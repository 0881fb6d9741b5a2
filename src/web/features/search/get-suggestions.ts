import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SEARCH_SUGGESTION_LIMIT } from '@/shared/catalog';
import type { SearchSuggestion } from '@/shared/contracts/search';
import { api, queryString } from '@/web/lib/api-client';

/** Suggestions start at this many typed characters. */
export const MIN_SUGGEST_LENGTH = 2;

/** GET /search/suggest?q=: the top matches while the shopper types (DECISIONS 11). */
export function getSuggestions(q: string, signal?: AbortSignal): Promise<SearchSuggestion[]> {
  return api<SearchSuggestion[]>(`/search/suggest${queryString({ q, limit: SEARCH_SUGGESTION_LIMIT })}`, { signal });
}

export const suggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search-suggestions', q] as const,
    queryFn: ({ signal }) => getSuggestions(q, signal),
    staleTime: 60_000,
    retry: false,
  });

/** `wanted`: the box is in use (focused or typed in); a search page's words in the box ask for nothing until then. */
export function useSuggestions(q: string, wanted: boolean) {
  const text = q.trim();
  return useQuery({
    ...suggestionsQueryOptions(text),
    enabled: wanted && text.length >= MIN_SUGGEST_LENGTH,
    // Keep the last list on screen while the next one loads, so it does not flicker as the shopper types.
    placeholderData: keepPreviousData,
  });
}
