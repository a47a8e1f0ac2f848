// Run by `npm run build` after `react-router build`: bundles app/enhance/main.ts, the public
// pages' own script, into build/client/assets/enhance-[hash].js (with the booking form's script
// as a chunk it loads on that page only), and writes its address to build/enhance.json for the
// server to put in the pages.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Rollup } from 'vite';

const root = path.resolve(import.meta.dirname, '..');

const result = (await build({
  configFile: false,
  root,
  logLevel: 'warn',
  resolve: { alias: { '~': path.join(root, 'app') } },
  build: {
    outDir: path.join(root, 'build/client'),
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2022',
    // The form's chunk imports nothing the entry has not loaded already.
    modulePreload: false,
    rollupOptions: {
      input: path.join(root, 'app/enhance/main.ts'),
      output: {
        format: 'es',
        entryFileNames: 'assets/enhance-[hash].js',
        chunkFileNames: 'assets/enhance-[name]-[hash].js',
      },
    },
  },
})) as Rollup.RollupOutput;

const entry = result.output.find(
  (chunk): chunk is Rollup.OutputChunk => chunk.type === 'chunk' && chunk.isEntry,
);
if (!entry) throw new Error('The enhancer build produced no entry');
await writeFile(
  path.join(root, 'build/enhance.json'),
  JSON.stringify({ src: `/${entry.fileName}` }),
);
for (const chunk of result.output)
  if (chunk.type === 'chunk') console.log(`enhance: /${chunk.fileName}, ${chunk.code.length} B`);
