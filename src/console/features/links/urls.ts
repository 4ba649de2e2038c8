/** What a narrow cell shows of a URL: path and a hint of the query (`/m/c/123?…`); the whole URL is copied. */
export function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + (u.search ? '?…' : '');
  } catch {
    return url;
  }
}
