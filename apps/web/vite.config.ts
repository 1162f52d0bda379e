import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * Chunks smaller than this (bytes before compression) that only define things are merged into
 * a chunk loaded in the same cases. Per-route splitting left a page's first load at 20–23
 * files, most under 2 KB; on a phone's network each costs a round trip of its own (six at a
 * time over HTTP/1.1), and Lighthouse's simulation of one counts every one of them before the
 * largest paint. Merged, a page loads 8 files of about the same total size (ADR 012).
 */
const MIN_CHUNK_BYTES = 25_000;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: { target: 'es2022', rollupOptions: { output: { experimentalMinChunkSize: MIN_CHUNK_BYTES } } },
});
