import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setAddress } from '../api/address';
import { browserNavigate, setNavigator } from '../api/navigation';
import { LoginPage } from '../features/auth/screens/login-page';
import { Toaster } from '../ui/toast/toaster';
import { isLoginPage } from './login-path';
import { ThemeProvider } from './theme';

/** Another sign-in address stays on this page; every other page loads as a document (the shell). */
export function loginNavigate(to: string, options?: { replace?: boolean }): void {
  const target = new URL(to, window.location.href);
  if (target.origin === window.location.origin && isLoginPage(target.pathname)) setAddress(`${target.pathname}${target.search}`, options);
  else browserNavigate(to, options);
}

/** The sign-in page with its toasts and the remembered theme: no router, data client or shell. */
export function LoginApp() {
  return (
    <ThemeProvider>
      <LoginPage />
      <Toaster />
    </ThemeProvider>
  );
}

export function mount(root: HTMLElement): void {
  setNavigator(loginNavigate);
  createRoot(root).render(
    <StrictMode>
      <LoginApp />
    </StrictMode>,
  );
}
