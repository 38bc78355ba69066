import { DEBOUNCE_MS, type ResourceSearchResponse } from '@pharos/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { useDebouncedValue } from '../../../ui/use-debounced-value';

export const RESOURCE_SEARCH_PATH = '/api/resources/search';
/** Results per kind in the global search. */
export const GLOBAL_SEARCH_LIMIT = 10;

export function searchResources(search: string, limit: number, signal?: AbortSignal): Promise<ResourceSearchResponse> {
  return http.post<ResourceSearchResponse>(RESOURCE_SEARCH_PATH, { search, limit }, { signal });
}

/**
 * Checks, components and config items whose name contains the term, searched 300 ms after typing
 * stops (DEBOUNCE_MS.resourceSearch). A blank term searches nothing.
 */
export function useResourceSearch(term: string, limit = GLOBAL_SEARCH_LIMIT) {
  const settled = useDebouncedValue(term.trim(), DEBOUNCE_MS.resourceSearch);
  const query = useQuery({
    queryKey: queryKeys.resourceSearch.term(settled, limit),
    queryFn: ({ signal }) => searchResources(settled, limit, signal),
    enabled: settled !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  return { ...query, settled, pending: term.trim() !== settled || (settled !== '' && query.isFetching) };
}
