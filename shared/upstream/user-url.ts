/**
 * The SSRF guard for user-supplied URLs: only a provider's own public hosts, over https (http only
 * where the provider is a sandbox), with no userinfo, IP literal or explicit port. The fetch then
 * goes to the provider's configured base URL, never to the URL the user gave.
 */
import { isIP } from 'node:net';
import { DisallowedUrlError } from './errors.ts';
import { originUrl, providerConfig, type ProviderConfig } from './providers.ts';

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
  // The parser drops a scheme's default port (`:443`): the authority as written says whether one was given.
  const hostPort = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(text)?.[1]?.split('@').at(-1) ?? '';
  if (url.port || /:\d*$/.test(hostPort.replace(/^\[[^\]]*\]/, '')))
    throw new DisallowedUrlError(raw, 'an explicit port is not accepted');
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0)
    throw new DisallowedUrlError(raw, 'IP addresses are not accepted');
  if (!config.hosts.includes(host))
    throw new DisallowedUrlError(raw, `host ${host} is not a ${provider} host`);
  return url;
}

/** Whether `pathname` is `base` or below it, comparing whole segments (`/site_a_images` is not under `/site_a`). */
function within(pathname: string, base: string): boolean {
  const prefix = base.replace(/\/$/, '');
  return prefix === '' || pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * The URL to fetch: the path and query under one of the provider's configured origins, never the host a
 * user gave. A path that would climb out of the origin (`..`, encoded or not) is refused.
 * @example providerUrl('site_a', '/hotel/fr/x.html').href
 */
export function providerUrl(
  provider: string,
  path: string,
  config: ProviderConfig = providerConfig(provider),
  origin = 'pages',
): URL {
  const base = new URL(originUrl(config, origin));
  const url = new URL(base.href);
  const [pathname = '', search = ''] = path.split(/\?(.*)/s, 2);
  url.pathname = `${base.pathname.replace(/\/$/, '')}/${pathname.replace(/^\//, '')}`;
  url.search = search;
  if (url.origin !== base.origin || !within(url.pathname, base.pathname))
    throw new DisallowedUrlError(path, `the path leaves the ${provider} ${origin} origin`);
  return url;
}

/** Whether a redirect target stays with the provider: one of its origins, or one of its public hosts. */
export function redirectAllowed(target: URL, config: ProviderConfig): boolean {
  for (const origin of [config.baseUrl, ...Object.values(config.origins)]) {
    const base = new URL(origin);
    if (target.origin === base.origin && within(target.pathname, base.pathname)) return true;
  }
  return (
    target.protocol === 'https:' &&
    !target.port &&
    !target.username &&
    config.hosts.includes(target.hostname.toLowerCase())
  );
}
