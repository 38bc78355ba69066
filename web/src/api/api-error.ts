/** A failed API call: the HTTP status, the server's message and the parsed body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  readonly body: unknown;
  /** Set when the session handling has already redirected the browser: nothing left to show. */
  readonly redirected: boolean;

  constructor(status: number, message: string, body: unknown = null, options: { redirected?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.body = body;
    this.redirected = options.redirected ?? false;
  }

  /** The error id: Kratos's `error.id`, else PostgREST's `code`. */
  get id(): string | undefined {
    return errorIdOf(this.body);
  }
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `error.id` of an identity error body, else `code` of a PostgREST error body. */
export function errorIdOf(body: unknown): string | undefined {
  const root = record(body);
  return str(record(root?.['error'])?.['id']) ?? str(root?.['code']);
}

/** `redirect_browser_to` of an identity error body. */
export function redirectBrowserToOf(body: unknown): string | undefined {
  return str(record(body)?.['redirect_browser_to']);
}

/** The most useful human text of an error body: PostgREST's message, Kratos's reason or message. */
export function messageOfBody(body: unknown): string | undefined {
  if (typeof body === 'string') return str(body.trim().slice(0, 500));
  const root = record(body);
  const inner = record(root?.['error']);
  return str(root?.['message']) ?? str(inner?.['reason']) ?? str(inner?.['message']) ?? str(root?.['error']);
}

/** Reads a failed response into an ApiError. */
export async function apiErrorFrom(response: Response, options: { redirected?: boolean } = {}): Promise<ApiError> {
  let body: unknown = null;
  try {
    const text = await response.text();
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
  } catch {
    body = null;
  }
  const message = messageOfBody(body) ?? `Request failed with status ${response.status}`;
  return new ApiError(response.status, message, body, options);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Whether a data-service failure says a given id cannot be one (PostgreSQL's invalid_text_representation,
 * answered 400): a detail page reads that as 'not found'.
 */
export function isMalformedId(error: unknown): boolean {
  const code = error instanceof ApiError ? error.id : str(record(error)?.['code']);
  return code === '22P02';
}
