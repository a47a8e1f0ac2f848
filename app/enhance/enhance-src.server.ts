// Where the public pages' own script is served from: the built, hashed file named in
// build/enhance.json (scripts/build-enhancer.ts), or its source under `npm run dev`, which Vite
// compiles on request.
import { readFileSync } from 'node:fs';
import path from 'node:path';

let built: string | undefined;

export function enhanceScriptSrc(): string {
  if (import.meta.env.DEV) return '/app/enhance/main.ts';
  built ??= // Beside the server build (build/server/index.js), whatever the working directory.
    (
      JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../enhance.json'), 'utf8')) as {
        src: string;
      }
    ).src;
  return built;
}
