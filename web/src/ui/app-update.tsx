import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Button } from './button';

export const APP_UPDATED_TEXT = 'Pharos was updated — reload';

/** What browsers say when a module or its preloaded CSS cannot be fetched (a file of the previous build, gone after a deploy). */
const CHUNK_LOAD_ERRORS = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite's preload of a chunk's CSS
  'is not a valid JavaScript MIME type', // the server answered the missing file with the app's HTML
];

/** Whether `error` is a script or style of the app that failed to load. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_LOAD_ERRORS.some((text) => error.message.includes(text));
}

// The location (router key) the app was at when its files were found gone, null while they are not.
let staleAt: string | null = null;
let lastLocation: string | null = null;

/** Notes that the app's files are gone from the server: the next navigation loads the page afresh. */
export function markAppStale(): void {
  staleAt ??= lastLocation ?? '';
}

/** For tests: the app is current again. */
export function resetAppStale(): void {
  staleAt = null;
  lastLocation = null;
}

/** Reloads the page from the server (an object, so tests can watch it). */
export const browserPage = { reload: (): void => window.location.reload() };

/**
 * Call in a component every route renders: once the app's files are gone, the first navigation to
 * another location reloads it, so the page comes with the new build's files.
 */
export function useReloadWhenStale(): void {
  const { key } = useLocation();
  useEffect(() => {
    // Marked before any location was seen: this is the one it happened at (no reload, so no loop).
    if (staleAt === '') staleAt = key;
    if (staleAt !== null && staleAt !== key) {
      staleAt = null;
      browserPage.reload();
      return;
    }
    lastLocation = key;
  }, [key]);
}

/** A module import of the app that, when the file is gone, marks the app stale before it fails. */
export async function loadAppModule<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isChunkLoadError(error)) markAppStale();
    throw error;
  }
}

/** Shown where a page could not load its code: the app was updated on the server. */
export function AppUpdatedNotice() {
  // Whichever import failed (a page, a dialog's code), the next navigation brings the new build.
  useEffect(() => markAppStale(), []);
  return (
    <div role="alert" className="mx-auto flex max-w-2xl flex-col gap-2 p-6 text-sm">
      <p className="text-base font-semibold text-fg">
        Pharos was updated —{' '}
        <Button variant="secondary" size="sm" onClick={() => browserPage.reload()}>
          reload
        </Button>
      </p>
      <p className="text-fg-muted">This page belongs to the previous version. It also reloads when you go to another page.</p>
    </div>
  );
}
