/**
 * The SSRF guard for user-supplied URLs: only a provider's own public hosts, over https (http only
 * where the provider is a sandbox), with no userinfo, IP literal or explicit port. The fetch then
 * goes to the provider's configured base URL, never to the URL the user gave.
 */
import { isIP } from 'node:net';
import { DisallowedUrlError } from './errors.ts';
import { providerConfig, type ProviderConfig } from './providers.ts';

/**
 * @example parseUserUrl('https://www.site-a.test/hotel/fr/le-grand.html', 'site_a').pathname // '/hotel/fr/le-grand.html'
 */
export function parseUserUrl(
  raw: string,
  provider: string,
  config: ProviderConfig = providerConfig(provider),
): URL {
  const text = raw.trim();
  // WHATWG parsing forgives these; a URL that needs forgiving is not one we fetch.
  // eslint-disable-next-line no-control-regex
  if (/[\s\\\u0000-\u001f\u007f]/.test(text))
    throw new DisallowedUrlError(raw, 'the URL contains spaces, control characters or backslashes');
  // Percent-encoding in the authority (www%2esite-a%2etest) is decoded by parsers: refuse it outright.
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*%/i.test(text))
    throw new DisallowedUrlError(raw, 'the host is percent-encoded');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DisallowedUrlError(raw, 'the URL is not an absolute URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && config.allowHttp)) {
    throw new DisallowedUrlError(raw, `scheme ${url.protocol} is not accepted`);
  }
  if (url.username || url.password)
    throw new DisallowedUrlError(raw, 'credentials in the URL are not accepted');
  if (url.port) throw new DisallowedUrlError(raw, 'an explicit port is not accepted');
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0)
    throw new DisallowedUrlError(raw, 'IP addresses are not accepted');
  if (!config.hosts.includes(host))
    throw new DisallowedUrlError(raw, `host ${host} is not a ${provider} host`);
  return url;
}

/** The URL to fetch for a user URL's path and query: the provider's base URL, never the user's host. */
export function providerUrl(
  provider: string,
  path: string,
  config: ProviderConfig = providerConfig(provider),
): URL {
  const base = new URL(config.baseUrl);
  const [pathname = '', search = ''] = path.split(/\?(.*)/s, 2);
  base.pathname = `${base.pathname.replace(/\/$/, '')}/${pathname.replace(/^\//, '')}`;
  base.search = search;
  return base;
}

/** Whether a redirect target stays with the provider: its base origin, or one of its public hosts. */
export function redirectAllowed(target: URL, config: ProviderConfig): boolean {
  const base = new URL(config.baseUrl);
  if (target.origin === base.origin)
    return target.pathname.startsWith(base.pathname.replace(/\/$/, '') || '/');
  return (
    target.protocol === 'https:' &&
    !target.port &&
    !target.username &&
    config.hosts.includes(target.hostname.toLowerCase())
  );
}
