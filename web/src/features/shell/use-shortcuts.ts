import { useEffect, useEffectEvent } from 'react';

export interface ShellShortcuts {
  /** Cmd/Ctrl+K */
  onSearch: () => void;
  /** Cmd/Ctrl+B */
  onToggleSidebar: () => void;
}

/** The key of a Cmd/Ctrl chord without Shift or Alt, lower-cased; null for anything else. */
export function chordKey(event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey'>): string | null {
  if (!(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return null;
  return event.key.toLowerCase();
}

/** The shell's keyboard shortcuts, anywhere on the page (Esc is left to the open dialog or drawer). */
export function useShellShortcuts(shortcuts: ShellShortcuts): void {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.repeat) return;
    const key = chordKey(event);
    if (key === 'k') {
      event.preventDefault();
      shortcuts.onSearch();
    } else if (key === 'b') {
      event.preventDefault();
      shortcuts.onToggleSidebar();
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
