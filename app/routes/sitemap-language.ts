// /sitemap-en.xml and /sitemap-sv.xml: the public pages and published posts of one language.
import type { Route } from './+types/sitemap-language';
import { languageSitemapResponse } from '~/features/seo/seo.server';

export function loader({ request }: Route.LoaderArgs) {
  return languageSitemapResponse(request);
}
