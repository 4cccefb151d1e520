// The SSRF guard: hostile user URLs never pass, and a passing URL is fetched from the provider's base.
import { describe, expect, it } from '@jest/globals';
import { DisallowedUrlError } from '../../shared/upstream/errors.ts';
import { ProviderConfig } from '../../shared/upstream/providers.ts';
import { parseUserUrl, providerUrl, redirectAllowed } from '../../shared/upstream/user-url.ts';

const live = ProviderConfig.parse({
  baseUrl: 'https://www.site-a.test/',
  hosts: ['www.site-a.test', 'site-a.test', 'm.site-a.test'],
  allowHttp: false,
});
const sandbox: ProviderConfig = { ...live, baseUrl: 'http://127.0.0.1:4567/site_a', allowHttp: true };

const HOSTILE = [
  'http://www.site-a.test/hotel/fr/x.html', // http on a live provider
  'https://127.0.0.1/hotel/fr/x.html',
  'https://2130706433/hotel/fr/x.html', // decimal IPv4
  'https://0x7f000001/hotel/fr/x.html', // hex IPv4
  'https://0177.0.0.1/hotel/fr/x.html', // octal IPv4
  'https://127.1/hotel/fr/x.html', // short IPv4
  'https://[::1]/hotel/fr/x.html',
  'https://[::ffff:127.0.0.1]/hotel/fr/x.html', // IPv4-mapped IPv6
  'https://[0:0:0:0:0:0:0:1]/x',
  'https://169.254.169.254/latest/meta-data/',
  'https://localhost/hotel/fr/x.html',
  'https://www.site-a.test@evil.test/hotel/fr/x.html', // userinfo trick
  'https://evil.test@www.site-a.test/hotel/fr/x.html', // userinfo present
  'https://user:pass@www.site-a.test/hotel/fr/x.html',
  'https://www.site-a.test.evil.test/hotel/fr/x.html', // suffix trick
  'https://evil-site-a.test/hotel/fr/x.html',
  'https://www.site-a.test:8443/hotel/fr/x.html', // non-default port
  'https://www.site-a.test:443/hotel/fr/x.html', // the default port, written: the parser drops it
  'https://www.site-a.test:/hotel/fr/x.html', // an empty port
  'https://www.site-a.test:443@evil.test/', // port-looking userinfo
  'https://www%2esite-a%2etest/hotel/fr/x.html', // encoded dots
  'https://www.site-a.test\\@evil.test/', // backslash
  'https:\\\\evil.test/hotel/fr/x.html',
  'https://www.site-a.test/hotel\n/fr/x.html', // control character inside
  'https://www.site-a.test/ho tel/fr/x.html', // space inside
  'file:///etc/passwd',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'ftp://www.site-a.test/hotel/fr/x.html',
  'gopher://www.site-a.test/',
  '//www.site-a.test/hotel/fr/x.html', // scheme-relative
  '/hotel/fr/x.html', // relative
  'https://xn--www-site-a-9bb.test/hotel/fr/x.html', // punycode look-alike
  'https://www.ѕite-a.test/hotel/fr/x.html', // Cyrillic s (IDN homograph)
  'https://www.site-a.test%00.evil.test/',
  'https://www.site-a.test\u0000/',
  'https://evil.test/?u=https://www.site-a.test/hotel/fr/x.html',
  '',
  '   ',
];

describe('parseUserUrl', () => {
  it.each(HOSTILE)('rejects %j', (url) => {
    expect(() => parseUserUrl(url, 'site_a', live)).toThrow(DisallowedUrlError);
  });

  it('has a battery of at least 30 hostile URLs', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
  });

  it.each([
    'https://www.site-a.test/hotel/fr/le-grand.html',
    'https://site-a.test/hotel/fr/le-grand.html?aid=1#photos',
    'https://M.SITE-A.TEST/hotel/fr/le-grand.html',
    'https://www.site-a.test./hotel/fr/le-grand.html',
    '  https://www.site-a.test/hotel/fr/le-grand.html  ',
  ])('accepts %j', (url) => {
    expect(parseUserUrl(url, 'site_a', live).pathname).toBe('/hotel/fr/le-grand.html');
  });

  it('accepts http only where the provider is a sandbox', () => {
    expect(() => parseUserUrl('http://www.site-a.test/hotel/fr/x.html', 'site_a', live)).toThrow(
      DisallowedUrlError,
    );
    expect(parseUserUrl('http://www.site-a.test/hotel/fr/x.html', 'site_a', sandbox).hostname).toBe(
      'www.site-a.test',
    );
  });
});

describe('providerUrl', () => {
  it("fetches from the configured base, never the user's host", () => {
    const user = parseUserUrl('https://m.site-a.test/hotel/fr/x.html?lang=fr', 'site_a', sandbox);
    expect(providerUrl('site_a', `${user.pathname}${user.search}`, sandbox).href).toBe(
      'http://127.0.0.1:4567/site_a/hotel/fr/x.html?lang=fr',
    );
  });

  it('cannot be steered off the base by a path', () => {
    for (const path of ['//evil.test/x', 'http://evil.test/x']) {
      const url = providerUrl('site_a', path, sandbox);
      expect(url.origin).toBe('http://127.0.0.1:4567');
      expect(url.pathname.startsWith('/site_a/')).toBe(true);
    }
  });

  it.each(['/../../x', '/%2e%2e/x', '/../site_b/x', '/%2E%2e/site_a_images/x'])(
    'refuses a path that climbs out of the origin: %s',
    (path) => {
      expect(() => providerUrl('site_a', path, sandbox)).toThrow(DisallowedUrlError);
    },
  );

  it('sends each named origin to its own address, and unnamed ones to the base', () => {
    const live = { ...sandbox, origins: { api: 'https://api.site-a.test/v2' } };
    expect(providerUrl('site_a', '/autocomplete.json', live, 'api').href).toBe(
      'https://api.site-a.test/v2/autocomplete.json',
    );
    expect(providerUrl('site_a', '/hotel/x.html', live, 'pages').href).toBe(
      'http://127.0.0.1:4567/site_a/hotel/x.html',
    );
  });
});

describe('redirectAllowed', () => {
  it.each([
    ['http://127.0.0.1:4567/site_a/hotel/fr/y.html', true],
    ['https://m.site-a.test/hotel/fr/y.html', true],
    ['http://127.0.0.1:4567/site_b/x', false],
    ['http://127.0.0.1:9999/site_a/x', false],
    ['https://evil.test/', false],
    ['http://169.254.169.254/', false],
    ['https://m.site-a.test:8443/x', false],
    ['http://127.0.0.1:4567/site_a_images/x.jpg', false],
    ['http://127.0.0.1:4567/site_a', true],
  ])('%s → %s', (target, allowed) => {
    expect(redirectAllowed(new URL(target), sandbox)).toBe(allowed);
  });
});
