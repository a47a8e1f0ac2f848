import type { Route } from './+types/book-call-thank-you-page';
import { latestPostsOrNone } from '~/data/latest-posts.server';
import { ConsultationThankYou } from '~/features/consultation/thank-you';
import { languageFromPath } from '~/i18n/locale';
import { pageMeta } from '~/i18n/page-meta';
import type { HydrationHandle } from '~/ui/page-hydration';

// Reached only after a request: kept out of search results.
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => t.pages.bookCallThankYou, { noindex: true, share: true });

export async function loader({ request }: Route.LoaderArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  return { latestPosts: await latestPostsOrNone(language) };
}

/** Server-rendered HTML with app/enhance's script: React never loads here. */
export const handle: HydrationHandle = { hydrate: false };

export default function BookCallThankYouPage({ loaderData }: Route.ComponentProps) {
  return <ConsultationThankYou latestPosts={loaderData.latestPosts} />;
}
