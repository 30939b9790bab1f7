import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Ant Design's own components (`@rc-component/*`) declare no `sideEffects`, so every module an
 * index re-exports stayed in: a date picker pulled in the whole form library through the form
 * context (21 KB gzipped on every page with an input). Their modules only export.
 */
const RC_COMPONENTS = /[\\/]node_modules[\\/]@rc-component[\\/]/;

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/c': 'http://localhost:8080', '/api': 'http://localhost:8080' } },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    rolldownOptions: { treeshake: { moduleSideEffects: [{ test: RC_COMPONENTS, sideEffects: false }] } },
  },
});
