import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './build/precompress';

/**
 * Modules of the sign-in page (app/login-app.tsx) that nothing heavy imports: none of them may
 * import the router, the data client or the identity SDK, or the sign-in page would load those too.
 */
const SIGN_IN_MODULES =
  /[\\/]src[\\/](app[\\/]login-app|features[\\/]auth[\\/](form[\\/][^.]+|flow[\\/](flow-reaction|use-login-flow|leave-after-sign-in)|api[\\/](login-flow|flow-body)|components[\\/](auth-layout|flow-view)|screens[\\/]login-page)|ui[\\/](text-input|checkbox|field-label|field-message|alert|card)|api[\\/](ory-path|address|registration-open))\.tsx?$|@ory[\\/]client-fetch[\\/]dist[\\/]esm[\\/]contrib[\\/]ui\.js$/;

/** The small modules every page needs: HTTP basics, toasts, error panel, theme, icon base. */
const FOUNDATION_MODULES =
  /[\\/]src[\\/](ui[\\/](cn|button|spinner|error-panel|skeleton|toast[\\/][a-z-]+|logo|link-styles|use-document-title)|api[\\/](api-error|navigation|session-paths|base-fetch)|app[\\/](theme|login-path))\.tsx?$|lucide-react[\\/]dist[\\/]esm[\\/]((?!icons[\\/])[^.]+|icons[\\/](x|circle-alert|circle-check|info|triangle-alert|triangle-exclamation-point|circle-exclamation-point|circle-check-big))\.mjs$|core[\\/]dist[\\/]constants[\\/]ui/;

/** The Pharos server the dev server forwards API calls to. */
const API_TARGET = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressPlugin()],
  server: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each entry and route loads (read by bench:web).
    manifest: true,
    // Every browser the app supports preloads modules natively.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React in one file of its own: shared by the sign-in page and the shell, and cached across releases of the app.
          groups: [
            // With the bundler's small runtime (its CommonJS interop, which React needs), rather than a file of its own.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|rolldown[\\/]runtime/, priority: 10 },
            // The sign-in page's own modules in one file rather than a dozen small ones (see SIGN_IN_MODULES).
            // What the sign-in page shares with the shell, in one file rather than several small ones.
            { name: 'foundation', test: FOUNDATION_MODULES, priority: 6, includeDependenciesRecursively: false },
            // Only these modules: what they import and the shell shares (cn, button, theme …) stays out, or the shell would load the sign-in code.
            { name: 'sign-in', test: SIGN_IN_MODULES, priority: 5, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
