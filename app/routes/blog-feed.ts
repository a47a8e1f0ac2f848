// /blog/rss.xml and /sv/blog/rss.xml: the RSS 2.0 feed of the path's language.
import type { Route } from './+types/blog-feed';
import { feedResponse } from '~/features/seo/seo.server';

export function loader({ request }: Route.LoaderArgs) {
  return feedResponse(request);
}
