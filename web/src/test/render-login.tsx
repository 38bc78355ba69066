import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setNavigator } from '../api/navigation';
import { LoginApp, loginNavigate } from '../app/login-app';
import { isLoginPage } from '../app/login-path';

/**
 * Renders the sign-in app as the browser runs it, at `url` in jsdom's address. Addresses of the
 * sign-in page change the address; loading another page as a document (which jsdom cannot) is
 * recorded instead, and `location()` then answers with it.
 */
export function renderLogin(url: string) {
  window.history.replaceState(null, '', url);
  let left: string | null = null;
  setNavigator((to, options) => {
    const target = new URL(to, window.location.href);
    if (isLoginPage(target.pathname)) loginNavigate(to, options);
    else left = `${target.pathname}${target.search}`;
  });
  const user = userEvent.setup();
  const result = render(<LoginApp />);
  return {
    ...result,
    user,
    /** Path and query of the page: the sign-in address, or the document it left for. */
    location: () => left ?? `${window.location.pathname}${window.location.search}`,
  };
}
