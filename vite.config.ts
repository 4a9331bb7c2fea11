import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { precompress } from './scripts/vite-precompress'

// The back-office SPA (src/web). The server mounts Vite in middleware mode in development and serves
// dist/web in production, so no dev proxy is configured here. Scripts and stylesheets are stored
// compressed beside themselves too; the server sends those (docs/decisions/0045-cabinet-on-a-phone.md).
export default defineConfig({
  root: 'src/web',
  base: '/',
  plugins: [react(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
  },
})
