import { useEffect } from 'react';
import { useTableUrlState } from '../../ui/table-url-state';
import { HEALTH_TABLE_PARAMS } from './health-params';

/**
 * The page of `items` that pageIndex and pageSize name. When fewer rows remain than the page needs
 * (a refresh, a check deleted elsewhere), the URL moves back to the last page that has some.
 */
export function usePageSlice<T>(items: readonly T[]) {
  const url = useTableUrlState({ params: HEALTH_TABLE_PARAMS });
  const { pageIndex, pageSize, setPageIndex } = url;
  const lastPage = Math.max(Math.ceil(items.length / pageSize) - 1, 0);
  useEffect(() => {
    if (pageIndex > lastPage) setPageIndex(lastPage);
  }, [pageIndex, lastPage, setPageIndex]);
  return { url, page: items.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize) };
}
