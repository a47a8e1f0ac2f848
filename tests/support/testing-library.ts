// Testing-library for every unit test: its DOM matchers (toBeVisible, toHaveValue, toBeDisabled,
// toHaveTextContent …), so a test asserts what a person sees rather than that a query returned
// something; and the rendered page unmounted after each test, which testing-library does by
// itself only where the test runner's globals are on. Loaded only by tests that have a DOM.
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

afterEach(async () => {
  if (typeof document !== 'undefined') (await import('@testing-library/react')).cleanup();
});
