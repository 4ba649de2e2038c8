/**
 * Hand a file URL to the browser as a download (a click on a temporary link): the page stays, the file is
 * saved. Export links are signed and bound to the signed-in user; the browser's session cookie goes with them.
 */
export function startDownload(url: string, filename?: string): void {
  const a = document.createElement('a');
  a.href = url;
  if (filename) a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** '12.3 MB', '850 KB', '120 B'. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} B`;
}
