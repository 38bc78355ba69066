import { useEffect, useState } from 'react';
import { baseFetch } from './base-fetch';
import type { About } from './about';

/**
 * Whether anyone may create an account (`GET /api/about`), asked once by the sign-in page without
 * the app's data client; false until known and when the answer is missing.
 */
export function useRegistrationOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    baseFetch('/api/about', { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<About>) : null))
      .then((about) => setOpen(about?.registration === 'open'))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return open;
}
