import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadEventPayload, normalizeEmail, normalizePhone } from './meta-lead-events.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('contacts as Meta hashes them', () => {
  it('trims and lower-cases an e-mail address', () => {
    expect(normalizeEmail('  Anna.Berg@Example.SE ')).toBe('anna.berg@example.se');
  });

  it('gives a Swedish number written the Swedish way its country code', () => {
    expect(normalizePhone('070-123 45 67')).toBe('46701234567');
    expect(normalizePhone('08-555 123 45')).toBe('46855512345');
    expect(normalizePhone('+46 (0)70 123 45 67')).toBe('46701234567');
    expect(normalizePhone('+46 70-123 45 67')).toBe('46701234567');
    expect(normalizePhone('0046 70 123 45 67')).toBe('46701234567');
  });

  it('keeps another country’s number with its code, and drops one without digits enough', () => {
    expect(normalizePhone('+1 (650) 555-1234')).toBe('16505551234');
    expect(normalizePhone('+358 40 123 4567')).toBe('358401234567');
    expect(normalizePhone('n/a')).toBeUndefined();
  });
});

describe('the Lead event', () => {
  const event = {
    id: 'row',
    attempts: 1,
    leadId: '0b7a3c1e-5d2f-4a6b-9c8d-1e2f3a4b5c6d',
    email: ' Anna@Example.se',
    phone: '070-123 45 67',
    eventTime: new Date('2026-11-25T10:00:00.500Z'),
    eventSourceUrl: 'https://nordiclead.se/sv/book-call',
    clientIpAddress: '198.51.100.7',
    clientUserAgent: 'Mozilla/5.0',
    fbc: null,
    fbp: 'fb.1.1.2',
  };

  it('carries the lead’s ID, the hashed contacts and what the visitor’s request said', () => {
    expect(leadEventPayload(event)).toEqual({
      event_name: 'Lead',
      event_time: 1795600800,
      event_id: event.leadId,
      action_source: 'website',
      event_source_url: 'https://nordiclead.se/sv/book-call',
      user_data: {
        em: [sha256('anna@example.se')],
        ph: [sha256('46701234567')],
        client_ip_address: '198.51.100.7',
        client_user_agent: 'Mozilla/5.0',
        fbp: 'fb.1.1.2',
      },
    });
  });
});
