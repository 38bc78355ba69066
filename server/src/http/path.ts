/**
 * The path of a request as the components that act on it see it. Access decisions use every view,
 * so that no spelling of a path (`/%61pi/…`, `/x/../api/…`, `//api/…`) is public to one component
 * and private to another.
 */

const PERCENT_RUN = /(?:%[0-9a-f]{2})+/gi;

/** Decodes each run of %XX with `decode`, keeping a run that is not valid UTF-8 as it is. */
function decodeRuns(text: string, decode: (run: string) => string): string {
  return text.replace(PERCENT_RUN, (run) => {
    try {
      return decode(run);
    } catch {
      return run;
    }
  });
}

function pathPart(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** What Fastify's router matches: decoded like decodeURI, so `%2F` and the other reserved characters stay encoded. */
export function routerPath(url: string): string {
  return decodeRuns(pathPart(url), decodeURI);
}

/** Fully percent-decoded, runs of slashes collapsed, `.` and `..` segments resolved (as a browser or a proxy would). */
export function normalisedPath(url: string): string {
  const decoded = decodeRuns(pathPart(url), decodeURIComponent);
  const segments: string[] = [];
  const parts = decoded.split('/').filter((segment) => segment !== '');
  for (const segment of parts) {
    if (segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const trailing = decoded.endsWith('/') && segments.length > 0 && parts.at(-1) !== '..' && parts.at(-1) !== '.' ? '/' : '';
  return `/${segments.join('/')}${trailing}`;
}

/** Both views of `url`'s path. */
export function pathViews(url: string): readonly string[] {
  return [routerPath(url), normalisedPath(url)];
}
