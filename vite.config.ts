import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The back-office SPA (src/web). The server mounts Vite in middleware mode in development and serves
// dist/web in production, so no dev proxy is configured here.
export default defineConfig({
  root: 'src/web',
  base: '/',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
  },
})
