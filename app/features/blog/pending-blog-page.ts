// The blog's loading states. Pages render on the server with their data, so
// "loading" exists only while a client-side navigation waits for the next blog page's loader:
// the blog page on screen then gives way to the spinner of the page being loaded.
import { useNavigation } from 'react-router';
import { languageFromPath, type Language } from '~/i18n/locale';

export interface PendingBlogPage {
  page: 'list' | 'post';
  /** The language of the page being loaded, which a language switch changes. */
  language: Language;
}

const listPath = /^(?:\/sv)?\/blog\/?$/i;
const postPath = /^(?:\/sv)?\/blog\/[^/]+\/?$/i;

export function pendingBlogPage(pathname: string): PendingBlogPage | null {
  const language = languageFromPath(pathname);
  if (listPath.test(pathname)) return { page: 'list', language };
  if (postPath.test(pathname)) return { page: 'post', language };
  return null;
}

/** The blog page a client-side navigation is loading, or null (idle, or going elsewhere). */
export function usePendingBlogPage(): PendingBlogPage | null {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return pendingBlogPage(navigation.location.pathname);
}
