/** fetch with the session cookie and a JSON Accept header: the first layer of the HTTP client (http.ts). */
export function baseFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  return fetch(input, { ...init, headers, credentials: 'include' });
}
