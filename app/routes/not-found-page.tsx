import { data } from 'react-router';
import type { Route } from './+types/not-found-page';
import { pageMeta } from '~/i18n/page-meta';
import { NotFound } from '~/ui/not-found';
import type { HydrationHandle } from '~/ui/page-hydration';

/** Renders the not-found page with the 404 status, so search engines and tools see it as missing. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t.notFound.title }), { noindex: true });

/** Server-rendered HTML with app/enhance's script: React never loads here. */
export const handle: HydrationHandle = { hydrate: false };

export default function NotFoundPage() {
  return <NotFound />;
}
