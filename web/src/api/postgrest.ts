import { PostgrestClient } from '@supabase/postgrest-js';
import { apiFetch } from './http';

/** Base of the data service. */
export const DB_PATH = '/api/db';

/**
 * The data-service client (`/api/db`, PostgREST's grammar). It calls through `apiFetch`, so a lost
 * session or a second-factor demand is handled exactly as for every other call. Retries are left to
 * the query cache. Use `.throwOnError()` in query functions so failures reach the error toasts.
 */
export const db = new PostgrestClient(new URL(DB_PATH, window.location.origin).href, {
  fetch: apiFetch,
  retry: false,
});
