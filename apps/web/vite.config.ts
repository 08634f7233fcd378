import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

const serverPort = Number(process.env.API_PORT ?? 3000);

/**
 * React's API, rendered by Preact (preact/compat) in the browser: react-dom alone is 63 kB gzipped,
 * which with React Router and i18next would break the 100 kB budget of the public site's first page.
 * Components are written against React's types and API; only the renderer differs.
 */
const preactCompat = {
  react: 'preact/compat',
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom/client': 'preact/compat/client',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: preactCompat, dedupe: ['preact'] },
  build: {
    outDir: 'dist',
    // SPEC §7: lazy interface chunks load from a static/js path.
    assetsDir: 'static',
    sourcemap: false,
    rollupOptions: {
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: 'static/media/[name]-[hash][extname]',
      },
    },
  },
  server: { proxy: { '/api': `http://localhost:${serverPort}` } },
});
