// For the query grammar's tests: the error envelope a parse failure produces, or a thrown error
// when the text parsed.
import { RestError } from './errors.ts';

export function failure(fn: () => unknown): RestError['body'] & { status: number } {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return { ...error.body, status: error.status };
    throw error;
  }
  throw new Error('expected a parse error');
}
