import type { Route } from './+types/newsletter-page';
import { signupForms } from '~/data/config.server';
import { NewsletterSignup } from '~/features/newsletter/newsletter-signup';
import { pageMeta } from '~/i18n/page-meta';

export function loader() {
  return { forms: signupForms('newsletter') };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.newsletter);

export default function NewsletterPage({ loaderData }: Route.ComponentProps) {
  return <NewsletterSignup forms={loaderData.forms} />;
}
