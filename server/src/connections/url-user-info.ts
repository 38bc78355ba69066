/** A URL's user and password (`https://user:password@host`), decoded, and the URL without them. */
export interface SplitUserInfo {
  url: string;
  username?: string;
  password?: string;
}

/** The user info a URL carries taken out of it; a text that is no URL, or carries none, as it is. */
export function splitUserInfo(text: string): SplitUserInfo {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { url: text };
  }
  if (url.username === '' && url.password === '') return { url: text };
  const username = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  return { url: url.href, ...(username ? { username } : {}), ...(password ? { password } : {}) };
}
