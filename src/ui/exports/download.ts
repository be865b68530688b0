/**
 * Saves a file the way a person expects from a "Download" button: a Blob behind a temporary
 * object URL and an `<a download>` click (no popup, no new tab; the URL is revoked afterwards).
 */
export function saveFile(name: string, data: BlobPart | Blob, type = 'application/octet-stream'): void {
  const blob = data instanceof Blob ? data : new Blob([data], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file name for this run's downloads: `metric-playground-<what>-step<N>.<ext>`. */
export function runFileName(what: string, step: number, ext: string): string {
  return `metric-playground-${what}-step${step}.${ext}`;
}
