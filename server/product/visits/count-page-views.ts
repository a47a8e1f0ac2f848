// The site's page views into the statistics (docs/decisions/0016): what server/product/site/site.ts reports as a page
// view becomes a recorded view, unless a bot or crawler asked for it.
import type { IncomingMessage } from 'node:http';
import { isBot, pageViewFacts } from './page-view.ts';
import type { VisitRecorder } from './visit-recorder.ts';

export function pageViewCounter(
  recorder: VisitRecorder,
  options: { siteUrl?: string },
): (req: IncomingMessage, url: URL) => void {
  const siteHost = options.siteUrl ? new URL(options.siteUrl).hostname : undefined;
  return (req, url) => {
    const userAgent = req.headers['user-agent'];
    if (isBot(userAgent)) return;
    const host = req.headers.host?.replace(/:\d+$/, '');
    const ownHosts = [siteHost, host].filter((name): name is string => Boolean(name));
    const referer = req.headers.referer;
    recorder.record({
      ...pageViewFacts(url, { userAgent: userAgent!, ...(referer ? { referer } : {}) }, ownHosts),
      at: new Date(),
      // server/app.ts put the resolved client address here (TRUST_PROXY decides whom to believe).
      address: String(req.headers['x-forwarded-for'] ?? ''),
      userAgent: userAgent!,
    });
  };
}
