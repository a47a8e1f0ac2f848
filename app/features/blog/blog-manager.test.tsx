// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeClient, post, renderManager } from './blog-manager-test-support';

// The blog_posts columns, and `translation`: the counterpart whose translation_group the post joins.
const columns = [
  'language',
  'translation',
  'hero_image_url',
  'title',
  'slug',
  'summary',
  'content',
  'author',
  'is_published',
  'published_date',
];

describe('the list', () => {
  it('shows each post’s badges, dates and actions', async () => {
    const { client, calls } = fakeClient({
      list: {
        data: [
          post({}),
          post({
            id: 'p2',
            slug: 'tio-tips',
            title: 'Tio tips',
            language: 'swedish',
          }),
          post({ id: 'p3', title: 'A draft', is_published: false, published_date: null }),
        ],
        error: null,
        status: 200,
      },
    });
    renderManager(client);
    screen.getByText('Loading posts...');
    const english = await screen.findByRole('article', { name: 'Ten Tips' });
    expect(calls).toContainEqual({ method: 'order', args: ['updated_at', { ascending: false }] });
    screen.getByText('Welcome, admin@example.com');
    expect(screen.getByRole('link', { name: 'Back to Blog' }).getAttribute('href')).toBe('/blog');

    within(english).getByText('Published');
    within(english).getByText('English');
    within(english).getByText('Updated: 21 Nov 2026, 09:30 CET');
    within(english).getByText('Published: 2 Nov 2026, 10:05 CET');
    const view = within(english).getByRole('link', {
      name: 'View “Ten Tips” (opens in a new tab)',
    });
    expect(view.getAttribute('href')).toBe('/blog/ten-tips');
    expect(view.getAttribute('target')).toBe('_blank');

    const swedish = screen.getByRole('article', { name: 'Tio tips' });
    within(swedish).getByText('Svenska');
    expect(within(swedish).getByRole('link').getAttribute('href')).toBe('/sv/blog/tio-tips');

    const draft = screen.getByRole('article', { name: 'A draft' });
    within(draft).getByText('Draft');
    expect(within(draft).queryByRole('link')).toBeNull();
    expect(within(draft).queryByText(/^Published:/)).toBeNull();
  });

  it('logs a failed load and shows the empty list', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const { client } = fakeClient({
      list: { data: null, error: { message: 'permission denied', code: '42501' }, status: 401 },
    });
    renderManager(client);
    await screen.findByText('No blog posts yet.');
    screen.getByText('Create your first post to get started.');
    expect(screen.queryByText('Loading posts...')).toBeNull();
    expect(logged).toHaveBeenCalledWith('Could not load the blog posts:', expect.anything());
  });

  it('falls back to the list when the post of ?edit= cannot be loaded', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const { client } = fakeClient({
      list: { data: [post({})], error: null, status: 200 },
      single: { data: null, error: { message: 'No rows', code: 'PGRST116' }, status: 406 },
    });
    renderManager(client, '/admin?edit=missing');
    await screen.findByRole('heading', { level: 1, name: 'Blog Posts Management' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin'));
    expect(logged).toHaveBeenCalledWith('Could not load the blog post missing:', expect.anything());
  });
});

describe('deleting', () => {
  it('asks first, and alerts when the delete fails', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const { client, calls } = fakeClient({
      list: { data: [post({})], error: null, status: 200 },
      delete: { data: null, error: { message: 'permission denied', code: '42501' }, status: 403 },
    });
    renderManager(client);
    const remove = await screen.findByRole('button', { name: 'Delete “Ten Tips”' });

    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith(
      'Are you sure you want to delete this post? This action cannot be undone.',
    );
    expect(calls.some((call) => call.method === 'delete')).toBe(false);

    confirm.mockReturnValue(true);
    await user.click(remove);
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to delete post. Please try again.'),
    );
    expect(calls).toContainEqual({ method: 'eq', args: ['id', 'p1'] });
    expect(logged).toHaveBeenCalled();
    confirm.mockRestore();
    alert.mockRestore();
  });
});

describe('the form', () => {
  it('labels every control and names it after its column', async () => {
    const user = userEvent.setup();
    const { client } = fakeClient({});
    const { container } = renderManager(client);
    await user.click(await screen.findByRole('button', { name: 'Create New Post' }));
    // The hero image's file control is no column: it fills hero_image_url.
    // eslint-disable-next-line testing-library/no-node-access -- every control of the form, date inputs included, which have no role
    const controls = container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'form input:not([type="file"]), form textarea, form select',
    );
    expect(new Set([...controls].map((control) => control.name))).toEqual(new Set(columns));
    for (const control of controls) {
      expect(control.labels?.[0]?.textContent?.trim(), control.name).toBeTruthy();
    }
    expect(screen.getByLabelText('Summary').getAttribute('rows')).toBe('3');
    const upload = screen.getByLabelText<HTMLInputElement>('Or upload an image');
    expect(upload.type).toBe('file');
    expect(upload.accept).toBe('image/jpeg,image/png,image/webp,image/avif');
  });

  it('signs a new Swedish post in Swedish, unless the writer typed another author', async () => {
    const user = userEvent.setup();
    const { client } = fakeClient({});
    renderManager(client);
    await user.click(await screen.findByRole('button', { name: 'Create New Post' }));
    const author = screen.getByLabelText<HTMLInputElement>('Author');
    expect(author.value).toBe('Nordic Lead Agency Team');
    await user.click(screen.getByRole('radio', { name: 'Swedish Blog' }));
    expect(author.value).toBe('Teamet på Nordic Lead Agency');
    await user.clear(author);
    await user.type(author, 'Anna Svensson');
    await user.click(screen.getByRole('radio', { name: 'English Blog' }));
    expect(author.value).toBe('Anna Svensson');
  });

  it('previews the content rendered, with the raw text still in the editor', async () => {
    const user = userEvent.setup();
    const { client } = fakeClient({ single: { data: post({}), error: null, status: 200 } });
    renderManager(client, '/admin?edit=p1');
    const content = await screen.findByLabelText('Content (Markdown supported)');
    expect(content.getAttribute('rows')).toBe('20');
    await user.click(screen.getByRole('button', { name: 'Show Preview' }));
    expect(content.getAttribute('rows')).toBe('10');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('bold').tagName).toBe('STRONG');
    expect((content as HTMLTextAreaElement).value).toBe('Some **bold** text.');
    await user.click(screen.getByRole('button', { name: 'Hide Preview' }));
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
  });

  it('shows the slug message on a unique violation and the generic one otherwise', async () => {
    const user = userEvent.setup();
    const answers: Parameters<typeof fakeClient>[0] = {
      single: { data: post({}), error: null, status: 200 },
      update: {
        data: null,
        error: { message: 'duplicate key value violates unique constraint', code: '23505' },
        status: 409,
      },
    };
    const { client, calls } = fakeClient(answers);
    renderManager(client, '/admin?edit=p1');
    await user.click(await screen.findByRole('button', { name: 'Update Post' }));
    await screen.findByText('This slug already exists. Please choose a different one.');
    const update = calls.find((call) => call.method === 'update');
    expect(update?.args[0]).not.toHaveProperty('created_at');
    expect(update?.args[0]).toMatchObject({ published_date: '2026-11-02T09:05:00Z' });

    const logged = vi.mocked(console.error).mockImplementation(() => {});
    answers.update = { data: null, error: { message: 'boom', code: 'XX000' }, status: 500 };
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    expect(
      await screen.findByText('Failed to save post. Please try again.', {
        selector: '[role="alert"]',
      }),
    ).toBeVisible();
    expect(logged).toHaveBeenCalled();
  });
});

describe('translations', () => {
  const english = post({});
  const swedish = post({ id: 'p2', slug: 'tio-tips', title: 'Tio tips', language: 'swedish' });
  /** The two posts already linked, the English one opened for editing. */
  const linkedPosts = () => {
    const linked = [
      { ...english, translation_group: 'g' },
      { ...swedish, translation_group: 'g' },
    ];
    return fakeClient({
      list: { data: linked, error: null, status: 200 },
      single: { data: linked[0], error: null, status: 200 },
    });
  };

  it('links a post to the other language’s post: that one joins first, then the save links it', async () => {
    const user = userEvent.setup();
    const { client, calls } = fakeClient({
      list: { data: [english, swedish], error: null, status: 200 },
      single: { data: english, error: null, status: 200 },
    });
    renderManager(client, '/admin?edit=p1');
    const translation = await screen.findByLabelText<HTMLSelectElement>('Translation (optional)');
    expect(translation.value).toBe('');
    expect([...translation.options].map((option) => option.textContent)).toEqual([
      'No translation',
      'Tio tips (/sv/blog/tio-tips)',
    ]);
    await user.selectOptions(translation, 'p2');
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin'));
    const writes = calls.filter((call) => call.method === 'update' || call.method === 'eq');
    expect(writes.slice(-4)).toEqual([
      { method: 'update', args: [{ translation_group: 'p2' }] },
      { method: 'eq', args: ['id', 'p2'] },
      { method: 'update', args: [expect.objectContaining({ translation_group: 'p2' })] },
      { method: 'eq', args: ['id', 'p1'] },
    ]);
  });

  it('shows a linked post’s translation in the list and in its form, and unlinks it', async () => {
    const user = userEvent.setup();
    const { client, calls } = linkedPosts();
    renderManager(client);
    const card = await screen.findByRole('article', { name: 'Ten Tips' });
    expect(within(card).getByText('Tio tips').getAttribute('lang')).toBe('sv');
    within(card).getByText(/Translation:/);

    await user.click(within(card).getByRole('button', { name: 'Edit “Ten Tips”' }));
    const translation = await screen.findByLabelText<HTMLSelectElement>('Translation (optional)');
    expect(translation.value).toBe('p2');
    await user.selectOptions(translation, '');
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin'));
    const updates = calls.filter((call) => call.method === 'update');
    expect(updates).toHaveLength(1);
    expect(updates[0]!.args[0]).toMatchObject({ translation_group: null });
  });

  it('keeps the link untouched when the translation was not changed', async () => {
    const user = userEvent.setup();
    const { client, calls } = linkedPosts();
    renderManager(client, '/admin?edit=p1');
    await screen.findByLabelText('Translation (optional)');
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin'));
    const updates = calls.filter((call) => call.method === 'update');
    expect(updates).toHaveLength(1);
    expect(updates[0]!.args[0]).not.toHaveProperty('translation_group');
  });
});
