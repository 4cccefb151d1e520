// The callback URL guard alone (shared/watches/callback-url.ts): which addresses each mode may call, the
// URL's own rules, and the refusal at connection time on the addresses a name actually resolves to.
import { afterEach, describe, expect, it } from '@jest/globals';
import type { LookupAddress } from 'node:dns';
import {
  callbackMode,
  CallbackUrlError,
  checkCallbackUrl,
  guardedLookup,
  refusal,
  useCallbackMode,
} from '../../shared/watches/callback-url.ts';

afterEach(() => {
  useCallbackMode(undefined);
  delete process.env.AWS_LAMBDA_FUNCTION_NAME;
});

/** What a guarded lookup of `host` answers: the error's words, or the addresses. */
function lookedUp(host: string, mode: 'local' | 'deployed', all: boolean) {
  return new Promise<{ error?: string; found?: string | LookupAddress[] }>((done) =>
    guardedLookup(mode)(host, { all }, (error, found) => done(error ? { error: error.message } : { found })),
  );
}

describe('the callback URL guard', () => {
  it('is deployed on Lambda and local elsewhere, unless a mode is set', () => {
    expect(callbackMode()).toBe('local');
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'fn';
    expect(callbackMode()).toBe('deployed');
    useCallbackMode('local');
    expect(callbackMode()).toBe('local');
  });

  it.each([
    ['10.1.2.3', 'deployed', 'private, link-local or internal address 10.1.2.3'],
    ['169.254.169.254', 'local', 'private, link-local or internal address 169.254.169.254'],
    ['::ffff:192.168.1.5', 'deployed', 'private, link-local or internal address 192.168.1.5'],
    ['[fe80::1]', 'deployed', 'private, link-local or internal address fe80::1'],
    ['127.0.0.1', 'deployed', 'loopback address 127.0.0.1'],
    ['::1', 'deployed', 'loopback address ::1'],
    ['127.0.0.1', 'local', undefined],
    ['93.184.216.34', 'deployed', undefined],
    ['2606:4700::1', 'deployed', undefined],
    // Ranges that embed an IPv4 address (which may be an internal one), and the other special-purpose ones.
    ['64:ff9b:1::a00:1', 'deployed', 'private, link-local or internal address 64:ff9b:1::a00:1'],
    ['2002:a9fe:a9fe::1', 'deployed', 'private, link-local or internal address 2002:a9fe:a9fe::1'],
    ['::a9fe:a9fe', 'deployed', 'private, link-local or internal address ::a9fe:a9fe'],
    ['::10.0.0.1', 'deployed', 'private, link-local or internal address ::10.0.0.1'],
    ['::', 'deployed', 'private, link-local or internal address ::'],
    ['fec0::1', 'deployed', 'private, link-local or internal address fec0::1'],
    ['2001:0:4136:e378::1', 'deployed', 'private, link-local or internal address 2001:0:4136:e378::1'],
    ['2001:db8::5', 'deployed', 'private, link-local or internal address 2001:db8::5'],
    ['100::1', 'deployed', 'private, link-local or internal address 100::1'],
    ['fd00:ec2::254', 'deployed', 'private, link-local or internal address fd00:ec2::254'],
    ['192.0.2.10', 'deployed', 'private, link-local or internal address 192.0.2.10'],
    ['198.51.100.7', 'deployed', 'private, link-local or internal address 198.51.100.7'],
    ['203.0.113.99', 'deployed', 'private, link-local or internal address 203.0.113.99'],
    ['192.88.99.1', 'deployed', 'private, link-local or internal address 192.88.99.1'],
    ['::1', 'local', undefined],
    ['2001:4860:4860::8888', 'deployed', undefined],
    ['8.8.8.8', 'deployed', undefined],
  ] as const)('refuses %s in %s mode as %j', (address, mode, why) => {
    expect(refusal(address, mode)).toBe(why);
  });

  it.each([
    ['not a URL', 'local', 'callback_url is not an absolute URL'],
    ['https://user:pw@93.184.216.34/hook', 'deployed', 'callback_url may not carry credentials'],
    [
      'http://93.184.216.34/hook',
      'deployed',
      'callback_url must be https (http only to loopback in local mode)',
    ],
    ['http://127.0.0.1:9/hook', 'deployed', 'callback_url resolves to a loopback address 127.0.0.1'],
    ['https://localhost/hook', 'deployed', 'callback_url resolves to a loopback address 127.0.0.1'],
    [
      'https://no-such-host.invalid/hook',
      'local',
      'the host no-such-host.invalid of callback_url does not resolve',
    ],
  ] as const)('refuses %j in %s mode: %s', async (url, mode, why) => {
    const refused = await checkCallbackUrl(url, mode).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CallbackUrlError);
    expect((refused as Error).message).toContain(why);
  });

  it('accepts https to a public address, and http to loopback in local mode', async () => {
    expect((await checkCallbackUrl('https://93.184.216.34/hook', 'deployed')).href).toBe(
      'https://93.184.216.34/hook',
    );
    expect((await checkCallbackUrl(' http://localhost:8080/hook ', 'local')).port).toBe('8080');
  });

  it('refuses at connection time a name that resolves to an address the mode may not call', async () => {
    expect((await lookedUp('localhost', 'deployed', false)).error).toMatch(
      /^refused to connect to a loopback/,
    );
    const one = await lookedUp('localhost', 'local', false);
    expect(one.found).toMatch(/^(127\.0\.0\.1|::1)$/);
    const all = await lookedUp('localhost', 'local', true);
    expect(Array.isArray(all.found) && all.found.length > 0).toBe(true);
    expect((await lookedUp('no-such-host.invalid', 'local', false)).error).toBeDefined();
  });
});
