// Vite build of the renderer: relative asset paths (file:// in Electron, / in the web host), split by feature.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstPaintHeadPlugin } from './scripts/first-paint-head';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), firstPaintHeadPlugin()],
  build: {
    // ATELIER_RENDERER_OUT: an absolute folder, so parallel builds (helpers' e2e runs) do not collide.
    outDir: process.env.ATELIER_RENDERER_OUT ?? '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    // KaTeX, highlight.js, the tokenizer and mermaid's parts (its elk layout is 1.5 MB) load on
    // demand, in their own chunks; only they are this large.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|zustand)[\\/]/ },
          ],
        },
      },
    },
  },
});
