/**
 * Whether a `connection` is written as the service's own URL (`postgres://…`) or key=value
 * connection string (`Server=db;Password=…`) rather than a reference to a saved connection
 * (`connection://…` or a name).
 */
export function isConnectionString(text: string): boolean {
  const value = text.trim();
  if (value.startsWith('connection://')) return false;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^[A-Za-z][\w ]*=/.test(value);
}

/** The spec with its `connection`, written as a URL or connection string, as its `url`, over the `url` written (as canary-checker reads it). */
export function connectionAsUrl(spec: Record<string, unknown>, connection: string): Record<string, unknown> {
  const own: Record<string, unknown> = { ...spec, url: connection };
  delete own['connection'];
  return own;
}
