/** A minimal cookie jar for one test client: what a browser would keep and send back. */
export interface StoredCookie {
  name: string;
  value: string;
  path: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite: string | undefined;
  expires: number | undefined;
  /** The Set-Cookie header as received, for assertions on its flags. */
  raw: string;
}

function parseSetCookie(header: string): StoredCookie | null {
  const [pair, ...attributes] = header.split(';');
  const eq = pair?.indexOf('=') ?? -1;
  if (!pair || eq < 1) return null;
  const cookie: StoredCookie = {
    name: pair.slice(0, eq).trim(),
    value: pair.slice(eq + 1).trim(),
    path: '/',
    httpOnly: false,
    secure: false,
    sameSite: undefined,
    expires: undefined,
    raw: header,
  };
  for (const attribute of attributes) {
    const [rawKey, ...rest] = attribute.split('=');
    const key = rawKey?.trim().toLowerCase() ?? '';
    const value = rest.join('=').trim();
    if (key === 'path') cookie.path = value;
    else if (key === 'httponly') cookie.httpOnly = true;
    else if (key === 'secure') cookie.secure = true;
    else if (key === 'samesite') cookie.sameSite = value;
    else if (key === 'max-age') cookie.expires = Date.now() + Number(value) * 1000;
    else if (key === 'expires' && cookie.expires === undefined) cookie.expires = Date.parse(value);
  }
  return cookie;
}

export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  /** fetch that sends this jar's cookies and stores the ones it receives. */
  readonly fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    const cookie = this.header();
    if (cookie && !headers.has('cookie')) headers.set('cookie', cookie);
    const response = await fetch(input, { ...init, headers, redirect: init.redirect ?? 'manual' });
    this.store(response);
    return response;
  };

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const cookie = parseSetCookie(header);
      if (!cookie) continue;
      if (cookie.value === '' || (cookie.expires !== undefined && cookie.expires <= Date.now())) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie);
    }
  }

  header(): string {
    return [...this.cookies.values()].map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  }

  get(name: string): StoredCookie | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, { name, value, path: '/', httpOnly: true, secure: false, sameSite: 'Lax', expires: undefined, raw: '' });
  }

  delete(name: string): void {
    this.cookies.delete(name);
  }

  /** A second jar with the same cookies (another tab of the same browser). */
  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [name, cookie] of this.cookies) copy.cookies.set(name, { ...cookie });
    return copy;
  }
}
