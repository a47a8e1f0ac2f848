// The reading time a card shows (blog_posts.reading_minutes, computed by the database) and the one
// its post page computes (app/ui/reading-time.ts) must never contradict each other, on
// PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingTimeMinutes } from '~/ui/reading-time.ts';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';
import { postInput } from '../support/posts.ts';

const words = (n: number, separator = ' ') =>
  Array.from({ length: n }, () => 'ord').join(separator);

const contents: Array<[string, string]> = [
  ['one word', 'Hej'],
  ['exactly 200 words', words(200)],
  ['201 words', words(201)],
  ['1,000 words over lines and paragraphs', words(500, '\n') + '\n\n' + words(500, '\t')],
  ['Markdown with a table', `## Rubrik\n\n| a | b |\n|---|---|\n| ${words(300)} | x |\n`],
  ['no-break and other Unicode spaces', words(150, '\u00a0') + '\u2003' + words(150, '\u3000')],
  ['spaces around the text', `   ${words(401)}   `],
];

describe.each(backendKinds)('reading time on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(kind);
    const service = backend.client(backend.serviceRoleKey);
    const { error } = await service
      .from('blog_posts')
      .insert(contents.map(([, content], i) => postInput(`post-${i}`, { content })));
    expect(error).toBeNull();
  });
  afterAll(async () => backend?.close());

  it.each(contents.map(([name], i) => [name, i] as const))(
    'gives the card of a post with %s the post page’s reading time',
    async (_, i) => {
      const { data, error } = await backend
        .client()
        .from('blog_posts')
        .select('reading_minutes')
        .eq('slug', `post-${i}`)
        .single();
      expect(error).toBeNull();
      expect(data!.reading_minutes).toBe(readingTimeMinutes(contents[i]![1]));
    },
  );

  it('refuses a client that tries to set it', async () => {
    const { error, status } = await backend
      .client(backend.serviceRoleKey)
      .from('blog_posts')
      .update({ reading_minutes: 99 })
      .eq('slug', 'post-0');
    expect(status).toBe(400);
    expect(error?.code).toBe('428C9');
  });
});
