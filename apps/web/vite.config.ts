import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogueParts, directComponentImports, precompress } from './vite-plugins.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiServer = process.env.API_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  root,
  plugins: [react(), directComponentImports(), catalogueParts(), precompress()],
  optimizeDeps: {
    // The shared domain package is TypeScript source in the workspace (its package.json "exports"
    // name a sub-path per area): bundle it like our own code.
    exclude: ['@glucocare/domain'],
    include: ['zod', 'dayjs'],
  },
  server: {
    port: 5173,
    proxy: {
      '/app-service': { target: apiServer, changeOrigin: false },
      '/project.config.json': { target: apiServer, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/app-service': { target: apiServer, changeOrigin: false },
      '/project.config.json': { target: apiServer, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // A lazy page fetches the chunks it imports when it runs rather than the first chunk listing them
    // all ahead: the list of every page's chunk names grew with each page and is not the login
    // page's business (issue 14's budget of the login page's download).
    modulePreload: false,
  },
});
