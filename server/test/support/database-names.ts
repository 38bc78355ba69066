/** `url` pointing at the database `name` of the same cluster. */
export function databaseUrlNamed(url: string, name: string): string {
  const named = new URL(url);
  named.pathname = `/${name}`;
  return named.toString();
}
