// /sitemap.xml: the sitemap index naming each language's sitemap.
import type { Route } from './+types/sitemap-index';
import { sitemapIndexResponse } from '~/features/seo/seo.server';

export function loader({ request }: Route.LoaderArgs) {
  return sitemapIndexResponse(request);
}
