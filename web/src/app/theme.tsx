import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

export type ThemePreference = 'system' | 'light' | 'dark';

const STORAGE_KEY = 'pharos.theme';

interface ThemeContextValue {
  preference: ThemePreference;
  setPreference: (preference: ThemePreference) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function stored(): ThemePreference {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/** Puts the `light` or `dark` class on <html>, or neither to follow the system setting. */
function applyTheme(preference: ThemePreference): void {
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  if (preference !== 'system') root.classList.add(preference);
}

// Before the first render, so a remembered choice does not flash the system theme first.
if (typeof document !== 'undefined') applyTheme(stored());

/**
 * The colour theme follows the system setting; a `light` or `dark` class on <html> (set from a
 * remembered preference, switchable in the user menu) overrides it.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreference] = useState<ThemePreference>(stored);
  useEffect(() => {
    applyTheme(preference);
    try {
      if (preference === 'system') window.localStorage.removeItem(STORAGE_KEY);
      else window.localStorage.setItem(STORAGE_KEY, preference);
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
  }, [preference]);
  return <ThemeContext value={{ preference, setPreference }}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}
