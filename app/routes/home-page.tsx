import type { Route } from './+types/home-page';
import { HomePage } from '~/features/home/home-page';
import { agencyJsonLd, pageMeta } from '~/i18n/page-meta';
import { sharedPageHandle, sharedPageHeaders } from '~/config/caching';
import type { HydrationHandle } from '~/ui/page-hydration';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => t.pages.home, { jsonLd: [agencyJsonLd(args)] });

/** The same for every visitor: kept a minute by shared caches (see app/config/caching.ts). */
export const headers = sharedPageHeaders;

/** Server-rendered HTML with app/enhance's script: React never loads here. */
export const handle = { hydrate: false, ...sharedPageHandle() } satisfies HydrationHandle;

export default function HomePageRoute() {
  return <HomePage />;
}
