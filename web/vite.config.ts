import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';
// The site's own videos and photos live in public/site-media; /media is the api's (uploads).
const proxy = { '/api': apiTarget, '/media': apiTarget, '/health': apiTarget };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // The contracts' TypeScript source, not its dist: the web always sees the current schemas.
    alias: {
      '@nocturne/contracts/constants': fileURLToPath(new URL('../libs/contracts/src/constants.ts', import.meta.url)),
      '@nocturne/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
      // Pure rules (tiers, club nights) with no dependencies: the web computes what the api checks.
      '@nocturne/domain': fileURLToPath(new URL('../libs/domain/src/index.ts', import.meta.url)),
      '@/': fileURLToPath(new URL('./src/', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy,
  },
  preview: {
    port: 4173,
    proxy,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Route modules are split with dynamic imports (see src/app/router.tsx); this only
    // keeps the budget visible when a chunk grows.
    chunkSizeWarningLimit: 400,
  },
});
