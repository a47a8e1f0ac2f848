// @vitest-environment jsdom
// The post form's publication date on the agency's clock: an agency whose zone in Availability is
// New York sees, types and schedules the date in New York time, and a save stores that moment.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeClient, post, renderManager, type Result } from './blog-manager-test-support';

const ok = (data: unknown): Result => ({ data, error: null, status: 200 });

async function editingOn(agencyTimeZone: string) {
  const faked = fakeClient({
    list: ok([post({})]),
    single: ok(post({ published_date: '2026-11-02T09:05:00Z' })),
    update: ok(null),
  });
  renderManager(faked.client, '/admin?edit=p1', async () => {}, agencyTimeZone);
  await screen.findByRole('heading', { level: 1, name: 'Edit Post' });
  return faked;
}

describe('the publication date on a New York agency’s clock', () => {
  it('shows the stored moment in New York time and names that zone', async () => {
    await editingOn('America/New_York');
    const field = screen.getByLabelText(/^Publication date/);
    expect(field).toHaveValue('2026-11-02T04:05');
    expect(field).toHaveAccessibleDescription(/^New York time \(GMT-5\/GMT-4\)\. /);
  });

  it('schedules, previews and saves the moment typed on New York’s clock', async () => {
    const user = userEvent.setup();
    const { calls } = await editingOn('America/New_York');
    const field = screen.getByLabelText(/^Publication date/);
    await user.clear(field);
    await user.type(field, '2099-12-24T09:30');
    expect(
      screen.getByText('Scheduled: the post appears on the blog on 24 Dec 2099, 09:30 GMT-5.'),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Show Preview' }));
    const preview = screen.getByRole('region', { name: 'Preview' });
    // The preview's date is the page's own <time>, holding the moment the page will show.
    const shown = within(preview).getByText(/2099/);
    expect(shown.tagName).toBe('TIME');
    expect(shown).toHaveAttribute('datetime', '2099-12-24T14:30:00.000Z');

    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    const update = calls.find((call) => call.method === 'update');
    expect(update?.args[0]).toMatchObject({ published_date: '2099-12-24T14:30:00.000Z' });
  });

  it('keeps the stored moment exactly when the date is left as shown', async () => {
    const user = userEvent.setup();
    const { calls } = await editingOn('America/New_York');
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    const update = calls.find((call) => call.method === 'update');
    expect(update?.args[0]).toMatchObject({ published_date: '2026-11-02T09:05:00Z' });
  });

  it('reads the same field on Stockholm’s clock when that is the agency’s zone', async () => {
    await editingOn('Europe/Stockholm');
    const field = screen.getByLabelText(/^Publication date/);
    expect(field).toHaveValue('2026-11-02T10:05');
    expect(field).toHaveAccessibleDescription(/^Stockholm time \(CET\/CEST\)\. /);
  });
});
