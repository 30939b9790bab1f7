import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/c': 'http://localhost:8080', '/api': 'http://localhost:8080' } },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 900,
  },
});
