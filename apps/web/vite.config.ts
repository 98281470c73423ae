import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const domainSource = fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url));
const apiServer = process.env.API_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  root,
  plugins: [react()],
  resolve: {
    // The shared domain package is TypeScript source in the workspace: bundle it like our own code.
    alias: { '@glucocare/domain': domainSource },
  },
  optimizeDeps: {
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
    // read by the bench to measure what the login route downloads
    manifest: true,
  },
});
