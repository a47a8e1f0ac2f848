// /robots.txt: a resource route (no component), answered as text/plain.
import type { Route } from './+types/robots-txt';
import { robotsTxtResponse } from '~/features/seo/seo.server';

export function loader({ request }: Route.LoaderArgs) {
  return robotsTxtResponse(request);
}
