import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseToml } from '../project-config.ts';
import {
  isTrustedOrigin,
  listeningOrigins,
  originOf,
  redirectAllowList,
} from './trusted-origins.ts';

const nic = (address: string, internal = false) =>
  ({ address, internal, family: address.includes(':') ? 'IPv6' : 'IPv4' }) as NetworkInterfaceInfo;

describe('listeningOrigins', () => {
  it('lists every outside address of the machine when listening on all of them', () => {
    const interfaces = {
      lo: [nic('127.0.0.1', true)],
      eth0: [nic('192.168.1.5'), nic('fe80::1')],
    };
    expect(listeningOrigins('0.0.0.0', 3000, interfaces)).toEqual([
      'http://localhost:3000',
      'http://192.168.1.5:3000',
      'http://[fe80::1]:3000',
    ]);
  });

  it('lists the one address it listens on otherwise', () => {
    expect(listeningOrigins('10.0.0.7', 8080, {})).toEqual([
      'http://localhost:8080',
      'http://10.0.0.7:8080',
    ]);
  });
});

describe('redirectAllowList', () => {
  it("takes config.toml's site_url and additional_redirect_urls as origins", () => {
    const config = parseToml(
      '[auth]\nsite_url = "https://agency.example"\n' +
        'additional_redirect_urls = ["https://www.agency.example/login", "not a url"]\n',
    );
    expect(redirectAllowList(config)).toEqual([
      'https://agency.example',
      'https://www.agency.example',
    ]);
    expect(redirectAllowList(parseToml(''))).toEqual([]);
  });
});

describe('isTrustedOrigin', () => {
  const trusted = ['https://agency.example', 'http://192.168.1.5:3000'];

  it('trusts this machine and the listed origins', () => {
    expect(isTrustedOrigin('http://localhost:5173', trusted)).toBe(true);
    expect(isTrustedOrigin('http://127.0.0.1:3000', trusted)).toBe(true);
    expect(isTrustedOrigin('http://[::1]:3000', trusted)).toBe(true);
    expect(isTrustedOrigin('http://192.168.1.5:3000', trusted)).toBe(true);
  });

  it('refuses any other host, scheme or port', () => {
    expect(isTrustedOrigin('https://evil.example', trusted)).toBe(false);
    expect(isTrustedOrigin('http://agency.example', trusted)).toBe(false);
    expect(isTrustedOrigin('http://192.168.1.5:3001', trusted)).toBe(false);
    expect(isTrustedOrigin('http://localhost.evil.example', trusted)).toBe(false);
  });
});

describe('originOf', () => {
  it('is the origin of an http(s) address only', () => {
    expect(originOf('https://agency.example/login?link=invite')).toBe('https://agency.example');
    expect(originOf('javascript:alert(1)')).toBeUndefined();
    expect(originOf('/login')).toBeUndefined();
    expect(originOf(null)).toBeUndefined();
  });
});
