import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  listenForPageChanges,
  PAGE_CHANGES_CHANNEL,
  type NoticeConnection,
  type PageChangeListener,
} from './page-changes.ts';

/** A connection whose notices and loss the test sends by hand. */
class FakeConnection implements NoticeConnection {
  channels: string[] = [];
  closed = false;
  notice: (payload: string) => void = () => {};
  lose: (error: Error) => void = () => {};
  subscribe(notice: (payload: string) => void, lost: (error: Error) => void) {
    this.notice = notice;
    this.lose = lost;
  }
  async listen(channel: string) {
    this.channels.push(channel);
  }
  async close() {
    this.closed = true;
  }
}

let listener: PageChangeListener | undefined;
afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

describe('listenForPageChanges', () => {
  it('listens on the channel and reports each table written', async () => {
    const connection = new FakeConnection();
    const changes: Array<string | null> = [];
    listener = listenForPageChanges({
      connect: async () => connection,
      onChange: (table) => changes.push(table),
      log: () => {},
    });
    await listener.ready;
    expect(connection.channels).toEqual([PAGE_CHANGES_CHANNEL]);
    expect(listener.listening).toBe(true);
    connection.notice('blog_posts');
    connection.notice('agency_settings');
    // Not a table's name: still a change, but the text is not passed on.
    connection.notice('x'.repeat(500));
    // The first null is the connection itself: nothing heard before it.
    expect(changes).toEqual([null, 'blog_posts', 'agency_settings', null]);
  });

  it('reconnects with a growing pause after the connection drops, and reports one change when back', async () => {
    const made: FakeConnection[] = [];
    const attempts: number[] = [];
    let failuresLeft = 0;
    const changes: Array<string | null> = [];
    const lines: string[] = [];
    listener = listenForPageChanges({
      connect: async () => {
        attempts.push(Date.now());
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('connection refused');
        }
        const connection = new FakeConnection();
        made.push(connection);
        return connection;
      },
      onChange: (table) => changes.push(table),
      log: (line) => lines.push(line),
      firstRetryMs: 20,
      maxRetryMs: 1000,
    });
    await listener.ready;
    changes.length = 0;

    // The database goes away; the next three tries fail, the fourth listens again.
    failuresLeft = 3;
    made[0]!.lose(new Error('terminating connection due to administrator command'));
    expect(made[0]!.closed).toBe(true);
    expect(listener.listening).toBe(false);
    await vi.waitFor(() => expect(made).toHaveLength(2), { timeout: 2000, interval: 5 });
    await vi.waitFor(() => expect(listener?.listening).toBe(true), { timeout: 500, interval: 5 });

    // 20, 40, 80 and 160 ms between the tries: each pause longer than the last.
    const pauses = attempts.slice(2).map((at, i) => at - attempts[i + 1]!);
    expect(pauses).toHaveLength(3);
    expect(pauses[0]!).toBeGreaterThanOrEqual(35);
    expect(pauses[1]!).toBeGreaterThanOrEqual(75);
    expect(pauses[2]!).toBeGreaterThanOrEqual(155);
    expect(pauses[1]!).toBeGreaterThan(pauses[0]!);
    expect(pauses[2]!).toBeGreaterThan(pauses[1]!);
    // Back: the whole cache goes once, for the notices missed meanwhile.
    expect(changes).toEqual([null]);
    expect(made[1]!.channels).toEqual([PAGE_CHANGES_CHANNEL]);
    expect(lines.some((line) => line.includes('administrator command'))).toBe(true);
    expect(lines.filter((line) => line.includes('connection refused'))).toHaveLength(3);

    // The old connection's late notices are ignored; the new one's are heard.
    made[0]!.notice('blog_posts');
    made[1]!.notice('booking_settings');
    expect(changes).toEqual([null, 'booking_settings']);

    // After a success the pause starts small again.
    const before = attempts.length;
    made[1]!.lose(new Error('connection reset'));
    await vi.waitFor(() => expect(made).toHaveLength(3), { timeout: 500, interval: 5 });
    expect(attempts[before]! - attempts[before - 1]!).toBeLessThan(1000);
  });

  it('keeps trying when the first connection fails, and stops for good once closed', async () => {
    let tries = 0;
    const changes: Array<string | null> = [];
    listener = listenForPageChanges({
      connect: async () => {
        tries += 1;
        throw new Error('no database');
      },
      onChange: (table) => changes.push(table),
      log: () => {},
      firstRetryMs: 5,
      maxRetryMs: 10,
    });
    await listener.ready;
    await vi.waitFor(() => expect(tries).toBeGreaterThanOrEqual(3), { timeout: 1000 });
    await listener.close();
    const after = tries;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tries).toBe(after);
    expect(changes).toEqual([]);
  });

  it('closes the connection it listens on', async () => {
    const connection = new FakeConnection();
    listener = listenForPageChanges({
      connect: async () => connection,
      onChange: () => {},
      log: () => {},
    });
    await listener.ready;
    await listener.close();
    expect(connection.closed).toBe(true);
    expect(listener.listening).toBe(false);
  });
});
