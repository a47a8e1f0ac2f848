import type { Route } from './+types/home-page';
import { HomePage } from '~/features/home/home-page';
import { agencyJsonLd, pageMeta } from '~/i18n/page-meta';
import { sharedPageHeaders } from '~/config/caching';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => t.pages.home, { jsonLd: [agencyJsonLd(args)] });

/** The same for every visitor: kept a minute by shared caches (see app/config/caching.ts). */
export const headers = sharedPageHeaders;

export default function HomePageRoute() {
  return <HomePage />;
}
