import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';

/** `GET /api/about`: the backend's version. */
export interface About {
  Version: string;
}

export function useAbout() {
  return useQuery({
    queryKey: queryKeys.about(),
    queryFn: ({ signal }) => http.get<About>('/api/about', { signal }),
    staleTime: Infinity,
    meta: { errorToast: false },
  });
}
