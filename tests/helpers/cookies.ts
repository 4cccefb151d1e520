/** A browser's cookie jar, for the tests that sign in through the account routes as a browser would. */

/**
 * Keeps each cookie a response sets in `jar`, by name (its attributes dropped).
 * @example keepCookies(jar, await fetch(`${api.url}/account/session`)) // jar.get('session') is set
 */
export function keepCookies(jar: Map<string, string>, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    jar.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
}

/**
 * The jar as a Cookie header.
 * @example cookieHeader(new Map([['a', '1'], ['b', '2']])) // 'a=1; b=2'
 */
export function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/**
 * The cookies of the Cookie header `before`, updated by those a response sets, as a Cookie header.
 * @example cookiesOf(await fetch(`${api.url}/account/session`)) // 'session=…; csrf=…'
 */
export function cookiesOf(res: Response, before = ''): string {
  const jar = new Map(before ? before.split('; ').map((c) => c.split('=') as [string, string]) : []);
  keepCookies(jar, res);
  return cookieHeader(jar);
}
