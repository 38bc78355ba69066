import '@tanstack/react-query';

/** What a query or mutation may tell the shared error handling. */
export interface ApiQueryMeta extends Record<string, unknown> {
  /** false: failures are shown by the caller, not as an error toast. */
  errorToast?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ApiQueryMeta;
    mutationMeta: ApiQueryMeta;
  }
}
