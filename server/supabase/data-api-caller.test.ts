import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  createCallerIdentifier,
  MEMBERSHIP_TTL_MS,
  SITE_REQUEST_HEADER,
} from './data-api-caller.ts';
import { signJwt } from './jwt.ts';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const memberId = '11111111-1111-4111-8111-111111111111';
const outsiderId = '22222222-2222-4222-8222-222222222222';
const address = '203.0.113.9';

/** A team of one member that counts the questions it is asked. */
function team(options: { fails?: boolean } = {}) {
  const asked: string[] = [];
  const isMember = async (userId: string) => {
    asked.push(userId);
    if (options.fails) throw new Error('connection refused');
    return userId === memberId;
  };
  return { isMember, asked };
}

function request(headers: Record<string, string>, peer = '127.0.0.1'): IncomingMessage {
  return { headers: { ...headers }, socket: { remoteAddress: peer } } as unknown as IncomingMessage;
}

const token = (claims: Record<string, unknown>, key = secret) =>
  signJwt({ exp: Math.floor(Date.now() / 1000) + 3600, ...claims }, key);

describe('createCallerIdentifier', () => {
  it('knows the site’s own request by its key from this machine, and keeps the key from the database', async () => {
    const callers = createCallerIdentifier({ isMember: team().isMember, jwtSecret: secret });
    const req = request({ [SITE_REQUEST_HEADER]: callers.siteKey });
    expect(await callers.identify(req, null, '127.0.0.1')).toEqual({ lane: 'site' });
    expect(req.headers[SITE_REQUEST_HEADER]).toBeUndefined();
  });

  it('takes the site’s key for an outside caller’s when it arrives from another machine', async () => {
    const callers = createCallerIdentifier({ isMember: team().isMember, jwtSecret: secret });
    const req = request({ [SITE_REQUEST_HEADER]: callers.siteKey }, '198.51.100.4');
    expect(await callers.identify(req, null, address)).toEqual({ lane: 'outside', address });
  });

  it('takes a wrong key from this machine for an outside caller’s', async () => {
    const callers = createCallerIdentifier({ isMember: team().isMember, jwtSecret: secret });
    const req = request({ [SITE_REQUEST_HEADER]: 'x'.repeat(callers.siteKey.length) });
    expect(await callers.identify(req, null, address)).toEqual({ lane: 'outside', address });
    expect(req.headers[SITE_REQUEST_HEADER]).toBeUndefined();
  });

  it('gives the service key the site’s lane, but not a token that only claims to be it', async () => {
    const callers = createCallerIdentifier({ isMember: team().isMember, jwtSecret: secret });
    const service = await token({ role: 'service_role' });
    const forged = await token({ role: 'service_role' }, 'another-secret-of-thirty-two-characters');
    expect(
      await callers.identify(request({ authorization: `Bearer ${service}` }), null, address),
    ).toEqual({ lane: 'site' });
    expect(
      await callers.identify(request({ authorization: `Bearer ${forged}` }), null, address),
    ).toEqual({ lane: 'outside', address });
  });

  it('gives a signed-in team member the members’ lane, asking the team once a while', async () => {
    let clock = 0;
    const { isMember, asked } = team();
    const callers = createCallerIdentifier({ isMember, jwtSecret: secret, now: () => clock });
    const member = await token({ role: 'authenticated', sub: memberId });
    const req = () => request({ apikey: 'anon', authorization: `Bearer ${member}` });
    expect(await callers.identify(req(), null, address)).toEqual({
      lane: 'member',
      userId: memberId,
    });
    await callers.identify(req(), null, address);
    expect(asked).toEqual([memberId]);
    clock += MEMBERSHIP_TTL_MS;
    await callers.identify(req(), null, address);
    expect(asked).toEqual([memberId, memberId]);
  });

  it('leaves a signed-in user who is not on the team, and the anon key, outside', async () => {
    const callers = createCallerIdentifier({ isMember: team().isMember, jwtSecret: secret });
    const signedUp = await token({ role: 'authenticated', sub: outsiderId });
    const anon = await token({ role: 'anon' });
    const asked: Record<string, string>[] = [
      { authorization: `Bearer ${signedUp}` },
      { apikey: anon },
      {},
    ];
    for (const headers of asked) {
      expect(await callers.identify(request(headers), null, address)).toEqual({
        lane: 'outside',
        address,
      });
    }
    expect(await callers.identify(request({}), anon, address)).toEqual({
      lane: 'outside',
      address,
    });
  });

  it('leaves a member outside while the team cannot say who is on it', async () => {
    const callers = createCallerIdentifier({
      isMember: team({ fails: true }).isMember,
      jwtSecret: secret,
    });
    const member = await token({ role: 'authenticated', sub: memberId });
    expect(
      await callers.identify(request({ authorization: `Bearer ${member}` }), null, address),
    ).toEqual({ lane: 'outside', address });
  });

  it('gives a read the data API answered before the same lane from its token’s claims', async () => {
    const asked = team();
    const callers = createCallerIdentifier({ isMember: asked.isMember, jwtSecret: secret });
    const site = request({ [SITE_REQUEST_HEADER]: callers.siteKey });
    expect(await callers.identifyKnown(site, { role: 'anon' }, '127.0.0.1')).toEqual({
      lane: 'site',
    });
    expect(site.headers[SITE_REQUEST_HEADER]).toBeUndefined();
    const stranger = request({ [SITE_REQUEST_HEADER]: callers.siteKey }, '198.51.100.4');
    expect(await callers.identifyKnown(stranger, { role: 'anon' }, address)).toEqual({
      lane: 'outside',
      address,
    });
    expect(callers.identifyKnown(request({}), { role: 'anon' }, address)).toEqual({
      lane: 'outside',
      address,
    });
    expect(callers.identifyKnown(request({}), { role: 'service_role' }, address)).toEqual({
      lane: 'site',
    });
    const member = { role: 'authenticated', sub: memberId };
    expect(await callers.identifyKnown(request({}), member, address)).toEqual({
      lane: 'member',
      userId: memberId,
    });
    const outsider = { role: 'authenticated', sub: outsiderId };
    expect(await callers.identifyKnown(request({}), outsider, address)).toEqual({
      lane: 'outside',
      address,
    });
    expect(asked.asked).toEqual([memberId, outsiderId]);
  });
});
