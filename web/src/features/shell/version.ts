/** The web app's version line (spec 1, section 1). */
export const WEB_VERSION = '1.0.758';
