import { apiErrorFrom } from './api-error';
import { apiFetch } from './http';

/** The file name a `Content-Disposition: attachment; filename="…"` header gives, if any. */
export function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim();
  return plain || undefined;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * Fetches a file through the one HTTP client (session cookie, 401 and second-factor handling);
 * a failed answer rejects with an ApiError carrying the server's message.
 */
export async function fetchFile(path: string, fallbackName: string, init: RequestInit = {}): Promise<DownloadedFile> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', '*/*');
  const response = await apiFetch(path, { ...init, headers });
  if (!response.ok) throw await apiErrorFrom(response);
  const blob = await response.blob();
  return { blob, filename: filenameOf(response.headers.get('Content-Disposition')) ?? fallbackName };
}

/** Hands a blob to the browser as a download named `filename`. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Give the browser a moment to start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
