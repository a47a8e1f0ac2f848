// A console.error during a unit test is a bug the test did not name: fail it.
import { afterEach, beforeEach, vi } from 'vitest';

let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length)
    throw new Error(`console.error was called:\n${errors.map((a) => a.join(' ')).join('\n')}`);
});
