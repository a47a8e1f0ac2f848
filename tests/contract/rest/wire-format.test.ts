// The data API's wire format as supabase-js reads it: media types, Content-Range, Proxy-Status.
import { describe, expect, it } from 'vitest';
import { kindsAndTransports } from '#tests/support/backend.ts';
import { consultation, newPost, useDataApi } from './setup.ts';

describe.each(kindsAndTransports)('the data API on %s over %s', (kind, transport) => {
  const api = useDataApi(kind, transport);
  const { rest, seedPosts } = api;

  describe('the wire format', () => {
    it('sends arrays with Content-Type and Content-Range as PostgREST does', async () => {
      await seedPosts(newPost('one'), newPost('two'));
      const full = await rest('blog_posts?select=slug&order=slug');
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(full.headers.get('content-range')).toBe('0-1/*');
      expect(await full.json()).toEqual([{ slug: 'one' }, { slug: 'two' }]);
      const empty = await rest('blog_posts?slug=eq.none');
      expect(empty.headers.get('content-range')).toBe('*/*');
      expect(await empty.text()).toBe('[]');
    });

    it('sends a single object with the object media type', async () => {
      await seedPosts(newPost('one'));
      const response = await rest('blog_posts?select=slug', {
        headers: { Accept: 'application/vnd.pgrst.object+json' },
      });
      expect(response.headers.get('content-type')).toBe(
        'application/vnd.pgrst.object+json; charset=utf-8',
      );
      expect(await response.json()).toEqual({ slug: 'one' });
    });

    it('answers a minimal insert with 201, no body and Content-Range */*', async () => {
      const response = await rest('consultations', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(consultation),
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('content-range')).toBe('*/*');
      expect(await response.text()).toBe('');
    });

    it('marks errors with Proxy-Status and the JSON content type', async () => {
      const response = await rest('blog_posts?id=eq.abc');
      expect(response.status).toBe(400);
      expect(response.headers.get('proxy-status')).toBe('PostgREST; error=22P02');
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    });
  });
});
