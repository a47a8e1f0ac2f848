import { describe, expect, it } from 'vitest';
import { toAuthUser, type UserRow } from './users.ts';

const row: UserRow = {
  id: '5b7c3a8e-1f0e-4a57-9a3c-2f1d0c9e8b7a',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'admin@example.com',
  phone: null,
  encrypted_password: '$2b$10$secret',
  email_confirmed_at: '2026-11-21T08:00:00.000000Z',
  invited_at: null,
  phone_confirmed_at: null,
  confirmation_sent_at: null,
  confirmed_at: '2026-11-21T08:00:00.000000Z',
  recovery_sent_at: null,
  email_change: null,
  email_change_sent_at: null,
  last_sign_in_at: null,
  app_metadata: '{"provider": "email", "providers": ["email"]}',
  user_metadata: '{"sub": "5b7c3a8e-1f0e-4a57-9a3c-2f1d0c9e8b7a"}',
  identities: JSON.stringify([
    {
      identity_id: 'c0a80101-0000-4000-8000-000000000001',
      id: '5b7c3a8e-1f0e-4a57-9a3c-2f1d0c9e8b7a',
      user_id: '5b7c3a8e-1f0e-4a57-9a3c-2f1d0c9e8b7a',
      identity_data: { email: 'admin@example.com' },
      provider: 'email',
      last_sign_in_at: null,
      created_at: '2026-11-21T08:00:00.000000Z',
      updated_at: '2026-11-21T08:00:00.000000Z',
      email: 'admin@example.com',
    },
  ]),
  factors: '[]',
  created_at: '2026-11-21T08:00:00.000000Z',
  updated_at: '2026-11-21T08:00:00.000000Z',
  banned_until: null,
  banned: 'f',
  is_anonymous: 'f',
};

describe('toAuthUser', () => {
  it('shapes the row as GoTrue: null timestamps omitted, no factors, phone "" when unset', () => {
    const user = toAuthUser(row);
    expect(Object.keys(user)).toEqual([
      'id',
      'aud',
      'role',
      'email',
      'email_confirmed_at',
      'phone',
      'confirmed_at',
      'app_metadata',
      'user_metadata',
      'identities',
      'created_at',
      'updated_at',
      'is_anonymous',
    ]);
    expect(user.phone).toBe('');
    expect(user.is_anonymous).toBe(false);
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.identities[0]).not.toHaveProperty('last_sign_in_at');
    expect(user.identities[0]?.provider).toBe('email');
  });

  it('lists factors after the identities, leaving out an empty friendly name', () => {
    const factor = {
      id: 'f0a80101-0000-4000-8000-000000000001',
      created_at: '2026-11-21T08:00:00.000000Z',
      updated_at: '2026-11-21T08:00:00.000000Z',
      status: 'verified',
      factor_type: 'totp',
      phone: '',
      last_challenged_at: null,
    };
    const user = toAuthUser({
      ...row,
      factors: JSON.stringify([
        { ...factor, friendly_name: 'Phone' },
        { ...factor, id: 'f0a80101-0000-4000-8000-000000000002', friendly_name: '' },
      ]),
    });
    expect(Object.keys(user).indexOf('factors')).toBe(Object.keys(user).indexOf('identities') + 1);
    expect(user.factors).toEqual([
      { ...factor, friendly_name: 'Phone' },
      { ...factor, id: 'f0a80101-0000-4000-8000-000000000002' },
    ]);
  });

  it('never exposes the password hash', () => {
    expect(JSON.stringify(toAuthUser(row))).not.toContain('$2b$');
  });
});
