import { useSyncExternalStore } from 'react';

/** Below this window height the Health Overview moves from the top of the drawer into its Graph tab. */
export const SHORT_SCREEN_MAX_HEIGHT = 720;

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useShortScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.innerHeight < SHORT_SCREEN_MAX_HEIGHT);
}
