import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { generateDatabaseTypes, typesFile } from './generate-db-types.ts';

it('keeps app/data/database.types.ts in step with the migrations (run npm run db:types)', async () => {
  expect(await readFile(typesFile, 'utf8')).toBe(await generateDatabaseTypes());
}, 30_000);
