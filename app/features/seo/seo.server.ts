// The resource routes' loaders: robots.txt, the sitemaps and the feeds, built from the site's
// public origin and the published posts the anonymous client may read (drafts never).
import { utf8Bytes } from '#shared/utf8.ts';
import { publicSiteUrl } from '~/data/config.server';
import { failedRead } from '~/data/failures.server';
import { listPublishedPostListings, type PostListing } from '~/data/posts';
import { getServerSupabase } from '~/data/supabase.server';
import { postLanguage } from '~/i18n/format';
import { languageFromPath, type Language } from '~/i18n/locale';
import { buildRssFeed } from './feed';
import { buildRobotsTxt } from './robots';
import { sitemapLanguage } from './site-urls';
import { buildLanguageSitemap, buildSitemapIndex } from './sitemap';

/** Crawlers and feed readers may keep a copy for a few minutes; a new post shows soon after. */
const cacheControl = 'public, max-age=300';

function textResponse(body: string, contentType: string): Response {
  // A feed of a few posts with curly quotes is long text held two bytes a character.
  return new Response(utf8Bytes(body), {
    headers: { 'Content-Type': contentType, 'Cache-Control': cacheControl },
  });
}

/**
 * The published posts of a language (or of every language), or a 500 answer (logged) when they
 * cannot be read.
 */
async function withPosts(
  language: Language | 'all',
  what: string,
  respond: (posts: PostListing[]) => Response,
): Promise<Response> {
  let posts: PostListing[];
  try {
    posts = await listPublishedPostListings(
      getServerSupabase(),
      language === 'all' ? undefined : postLanguage(language),
    );
  } catch (error) {
    const { status, headers } = failedRead(`Failed to load the posts for the ${what}`, error);
    return new Response('Temporarily unavailable', {
      status,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  return respond(posts);
}

export function robotsTxtResponse(request: Request): Response {
  return textResponse(buildRobotsTxt(publicSiteUrl(request)), 'text/plain; charset=utf-8');
}

export function sitemapIndexResponse(request: Request): Response {
  return textResponse(buildSitemapIndex(publicSiteUrl(request)), 'application/xml; charset=utf-8');
}

export function languageSitemapResponse(request: Request): Promise<Response> | Response {
  const language = sitemapLanguage(new URL(request.url).pathname);
  if (!language) return new Response('Not found', { status: 404 });
  const siteUrl = publicSiteUrl(request);
  return withPosts('all', 'sitemap', (posts) =>
    textResponse(buildLanguageSitemap(siteUrl, language, posts), 'application/xml; charset=utf-8'),
  );
}

export function feedResponse(request: Request): Promise<Response> {
  const language = languageFromPath(new URL(request.url).pathname);
  const siteUrl = publicSiteUrl(request);
  return withPosts(language, 'feed', (posts) =>
    textResponse(buildRssFeed(siteUrl, language, posts), 'application/rss+xml; charset=utf-8'),
  );
}
