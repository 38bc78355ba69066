/** A log line as POST /api/logs answers it (spec 2 §3 "Log line"). */
export interface LogLine {
  /** ISO 8601 instant. */
  timestamp: string;
  message: string;
  labels: Record<string, string>;
}

/** One search of one backend, with every bound already decided. */
export interface LogSearch {
  /** Case-insensitive substring of the message; empty matches every line. */
  query: string;
  /** Every one must equal the line's label. */
  labels: Record<string, string>;
  start: Date;
  end: Date;
  limit: number;
  /** The `nextPage` of the previous page, to continue after it. */
  page?: string;
}

export interface LogPage {
  /** Newest first. */
  results: LogLine[];
  /** Where the next page starts; absent on the last page. */
  nextPage?: string;
}

/** A backend that can be searched; `signal` aborts it (the client went away, or the time ran out). */
export interface LogSource {
  search(search: LogSearch, signal: AbortSignal): Promise<LogPage>;
}

/** A backend that answered with an error or could not be reached: the route answers 502 with its message. */
export class BackendError extends Error {}

/** A page token that this backend did not make or no longer understands: 400. */
export class PageError extends Error {}

/** A search this backend cannot make as asked (e.g. a label name Loki does not allow): 400. */
export class SearchError extends Error {}

/** A backend whose spec is not valid, or whose connection or secrets cannot be resolved: 400. */
export class BackendConfigError extends Error {}
