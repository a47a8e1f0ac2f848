import type { Route } from './+types/newsletter-almost-there-page';
import { latestPostsOrNone } from '~/data/latest-posts.server';
import { NewsletterAlmostThere } from '~/features/newsletter/almost-there';
import { languageFromPath } from '~/i18n/locale';
import { pageMeta } from '~/i18n/page-meta';
import type { HydrationHandle } from '~/ui/page-hydration';

export async function loader({ request }: Route.LoaderArgs) {
  return { posts: await latestPostsOrNone(languageFromPath(new URL(request.url).pathname)) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => t.pages.newsletterAlmostThere, { noindex: true, share: true });

/** Server-rendered HTML with app/enhance's script: React never loads here. */
export const handle: HydrationHandle = { hydrate: false };

export default function NewsletterAlmostTherePage({ loaderData }: Route.ComponentProps) {
  return <NewsletterAlmostThere posts={loaderData.posts} />;
}
