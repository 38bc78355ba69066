import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './build/precompress';

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
  },
});
