// Vitest's global setup for the browser tests: makes sure Chromium starts before the first test,
// so that a missing browser stops the run with one message instead of failing every file.
import { launchBrowser } from './browser.ts';

export default async function setup(): Promise<void> {
  try {
    const browser = await launchBrowser();
    await browser.close();
  } catch (error) {
    throw new Error(
      `The browser tests need a Chromium, and it could not be started: ` +
        `${error instanceof Error ? error.message : String(error)}\n` +
        `On Linux x64 the suite unpacks the one @sparticuz/chromium brings (run npm install ` +
        `again if node_modules is incomplete); elsewhere it looks for an installed Chrome or ` +
        `Chromium. CHROMIUM_PATH=/path/to/chrome chooses one.`,
      { cause: error },
    );
  }
}
