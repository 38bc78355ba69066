import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './build/precompress';

/**
 * Modules of the sign-in page (app/login-app.tsx) that nothing heavy imports: none of them may
 * import the router, the data client or the identity SDK, or the sign-in page would load those too.
 */
const SIGN_IN_MODULES =
  /[\\/]src[\\/](app[\\/]login-app|features[\\/]auth[\\/](form[\\/][^.]+|flow[\\/](flow-reaction|use-login-flow|leave-after-sign-in)|api[\\/](login-flow|flow-body)|components[\\/](auth-layout|flow-view)|screens[\\/]login-page)|ui[\\/](text-input|checkbox|field-label|field-message|alert|card)|api[\\/](ory-path|address|registration-open))\.tsx?$/;

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
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 },
            // The sign-in page's own modules in one file rather than a dozen small ones (see SIGN_IN_MODULES).
            { name: 'sign-in', test: SIGN_IN_MODULES, priority: 5 },
          ],
        },
      },
    },
  },
});
