import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  plugins: [reactRouter()],
});
