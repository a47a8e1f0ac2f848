// @vitest-environment jsdom
// The meeting page's states. Where the focus lands is the browser's work (autofocus in the
// server's HTML, which React's client render does not apply): tests/e2e/booking.test.ts checks it.
import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MeetingState, MeetingView } from './booking-types';
import { MeetingPage, meetingTitle } from './meeting-page';

const view = (state: MeetingState): MeetingView => ({
  kind: 'meeting',
  token: 'signed-token',
  state,
  when: 'Monday 30 November 2026, 09:00–09:30',
  meetingMinutes: 30,
  meetingLink: null,
  self: '/book-call/meeting/signed-token?tz=Europe%2FHelsinki',
  choice: {
    weeks: [],
    day: {
      date: '2026-11-30',
      label: 'Monday 30 November',
      slots: [
        { start: '2026-11-30T09:00:00.000Z', time: '11:00', label: 'Monday 30 November 11:00' },
      ],
    },
    dayChosen: false,
    zone: 'Europe/Helsinki',
    zoneName: 'Eastern European Standard Time',
    zoneCity: 'Helsinki',
    zoneChoices: {
      likely: [{ zone: 'Europe/Helsinki', label: 'Helsinki (UTC+02:00)' }],
      regions: [],
    },
    meetingMinutes: 30,
  },
});

function renderAt(path: string, shown: MeetingView | null) {
  const Stub = createRoutesStub([{ path: '*', Component: () => <MeetingPage view={shown} /> }]);
  return render(<Stub initialEntries={[path]} />);
}

describe('the meeting page', () => {
  it('names each state in its title, in both languages', () => {
    expect(meetingTitle(view('booked'), 'en')).toBe('Your strategy call is booked');
    expect(meetingTitle(view('moved'), 'sv')).toBe('Ditt strategisamtal är flyttat');
    expect(meetingTitle(view('cancelled'), 'en')).toBe('Your strategy call is cancelled');
    expect(meetingTitle(view('past'), 'sv')).toBe('Tiden för ditt strategisamtal har passerat');
    expect(meetingTitle(view('confirm-cancel'), 'en')).toBe('Cancel your strategy call?');
    expect(meetingTitle(null, 'sv')).toBe('Möteslänken är inte giltig');
  });

  it('offers a booked call’s cancel as a link to the step that asks, apart from the times', () => {
    renderAt('/book-call/meeting/signed-token', view('booked'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your strategy call is booked' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Move to this time' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /cancel/i })).toBeNull();
    expect(screen.getByRole('link', { name: 'Cancel the call' })).toHaveAttribute(
      'href',
      '/book-call/meeting/signed-token?tz=Europe%2FHelsinki&step=cancel',
    );
  });

  it('asks before a cancel, in Swedish, posting to the page with its zone kept', () => {
    renderAt('/sv/book-call/meeting/signed-token', view('confirm-cancel'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Avboka ditt strategisamtal?' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Ditt samtal Monday 30 November 2026, 09:00–09:30 (Eastern European Standard Time) avbokas och vårt team får veta det. Du kan boka en ny tid efteråt.',
      ),
    ).toBeVisible();
    const yes = screen.getByRole<HTMLButtonElement>('button', { name: 'Ja, avboka samtalet' });
    expect(yes.form).toHaveAttribute('action', view('booked').self);
    expect(screen.getByRole('link', { name: 'Nej, behåll samtalet' })).toHaveAttribute(
      'href',
      view('booked').self,
    );
    expect(screen.queryByRole('button', { name: 'Flytta till den här tiden' })).toBeNull();
  });

  it('offers neither move nor cancel once the call has passed, but a new request', () => {
    renderAt('/book-call/meeting/signed-token', view('past'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'The time of your strategy call has passed' }),
    ).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Cancel the call' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Send a new request' })).toHaveProperty(
      'pathname',
      '/book-call',
    );
  });
});
