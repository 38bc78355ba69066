import { redirectBrowser } from '../../../api/navigation';
import { safeReturnPath } from '../../../api/session-paths';

/** The browser goes to the flow's return_to (checked by the server), else the page's return_to if it stays in the app, else `/`. */
export function leaveAfterSignIn(flowReturnTo: string | undefined, pageReturnTo?: string | null): void {
  redirectBrowser(flowReturnTo || safeReturnPath(pageReturnTo), { replace: true });
}
