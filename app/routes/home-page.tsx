import type { Route } from './+types/home-page';
import { HomePage } from '~/features/home/home-page';
import { agencyJsonLd, pageMeta } from '~/i18n/page-meta';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => t.pages.home, { jsonLd: [agencyJsonLd(args)] });

export default function HomePageRoute() {
  return <HomePage />;
}
