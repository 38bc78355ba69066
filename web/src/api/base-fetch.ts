/** fetch with the session cookie and a JSON Accept header: the first layer of the HTTP client (http.ts). */
function cookieFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  return fetch(input, { ...init, headers, credentials: 'include' });
}

/** Answers asked for before the app's code loaded, by absolute URL; each is taken once. null: not asked after all. */
const early = new Map<string, Promise<Response | null>>();

function earlyKey(input: RequestInfo | URL, init: RequestInit): string | null {
  if (typeof input !== 'string' || (init.method ?? 'GET') !== 'GET' || init.body) return null;
  return new URL(input, window.location.origin).href;
}

/**
 * Starts a GET the app is certain to make first, while its code still downloads (the entry script calls
 * this): the app's own identical request then takes the answer instead of asking again. With `wanted`,
 * it is made only once that says so (an earlier answer decides whether this one goes here at all).
 */
export function startEarlyGet(path: string, wanted?: Promise<boolean>): Promise<Response | null> {
  const response = wanted ? wanted.then((yes) => (yes ? cookieFetch(path) : null), () => null) : cookieFetch(path);
  // A failure reaches whoever takes the answer; until then it is not an unhandled rejection.
  response.catch(() => undefined);
  early.set(new URL(path, window.location.origin).href, response);
  return response;
}

export async function baseFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const key = earlyKey(input, init);
  const started = key === null ? undefined : early.get(key);
  if (key !== null && started) {
    early.delete(key);
    const answer = await started;
    if (answer) return answer;
  }
  return cookieFetch(input, init);
}
