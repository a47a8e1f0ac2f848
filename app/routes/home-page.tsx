import type { Route } from './+types/home-page';
import { HomePage } from '~/features/home/home-page';
import { pageMeta } from '~/i18n/page-meta';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.home);

export default function HomePageRoute() {
  return <HomePage />;
}
