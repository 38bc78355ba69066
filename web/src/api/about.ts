import { useQuery } from '@tanstack/react-query';
import { http } from './http';
import { queryKeys } from './query-keys';

/** `GET /api/about`: the backend's version, and whether anyone may create an account (open) or only those invited. */
export interface About {
  Version: string;
  registration?: 'open' | 'invite';
  /** 'organizations': people work inside organizations (switcher, organization profile, provisioning screen). */
  authMode?: 'self-hosted' | 'organizations';
}

export function useAbout() {
  return useQuery({
    queryKey: queryKeys.about(),
    queryFn: ({ signal }) => http.get<About>('/api/about', { signal }),
    staleTime: Infinity,
    meta: { errorToast: false },
  });
}
