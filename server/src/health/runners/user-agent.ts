import { VERSION } from '../../version.js';

/**
 * Starts as canary-checker's does, so the checks people wrote for it (`json.headers["User-Agent"].startsWith("canary-checker/")`)
 * pass unchanged; Pharos names itself after it.
 */
export const HTTP_USER_AGENT = `canary-checker/compatible Pharos/${VERSION}`;
