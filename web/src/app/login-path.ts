import { LOGIN_PATH } from '../api/session-paths';

/** The sign-in page, which runs as its own small app rather than inside the shell's router. */
export function isLoginPage(pathname: string): boolean {
  return pathname === LOGIN_PATH || pathname === `${LOGIN_PATH}/`;
}
