/**
 * The outbound guard for a watch's callback URL, the user URL this API calls: https, no credentials, and
 * no private, loopback, link-local or otherwise internal address, checked when the watch is made and
 * again at every delivery, on the addresses the connection actually uses (`guardedLookup`), so a name
 * that later resolves inward (DNS rebinding) is refused too. In local mode (`npm start`, tests) loopback
 * is allowed, over http too, so a newcomer can watch with a receiver on their own machine.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** `deployed` (on Lambda) refuses every internal address; `local` allows loopback. */
export type CallbackMode = 'deployed' | 'local';

let mode: CallbackMode | undefined;

/** The mode of this process: set by `useCallbackMode`, else deployed on Lambda and local elsewhere. @example callbackMode() */
export function callbackMode(): CallbackMode {
  return mode ?? (process.env.AWS_LAMBDA_FUNCTION_NAME ? 'deployed' : 'local');
}

/** Sets the mode (tests check both). @example useCallbackMode('deployed') */
export function useCallbackMode(next: CallbackMode | undefined): void {
  mode = next;
}

/** A callback URL refused, with the reason in words. */
export class CallbackUrlError extends Error {}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Every range no callback may reach when deployed: the IANA special-purpose registries (RFC 6890) but for the
 * few globally reachable anycast services, and cloud metadata (169.254.169.254, fd00:ec2::254).
 */
const INTERNAL = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(net, bits, 'ipv4');
// The IPv6 ranges that embed an IPv4 address (IPv4-compatible, NAT64, 6to4, Teredo in 2001::/32) are refused
// whole: the address inside could be any internal one, and a webhook receiver never needs one of them.
for (const [net, bits] of [
  ['::', 96], // unspecified, loopback's neighbours and IPv4-compatible (deprecated)
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64 (RFC 6052)
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215)
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID, …
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation (RFC 9637)
  ['5f00::', 16], // SRv6 segment identifiers (RFC 9602)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  INTERNAL.addSubnet(net, bits, 'ipv6');

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) read as the IPv4 address it is. */
const unmapped = (address: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;

/**
 * Why an address may not be called in this mode; undefined when it may.
 * @example refusal('169.254.169.254', 'local') // 'link-local or internal address 169.254.169.254'
 */
export function refusal(raw: string, current: CallbackMode = callbackMode()): string | undefined {
  const address = unmapped(raw.replace(/^\[|\]$/g, ''));
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (current === 'local' && LOOPBACK.check(address, family)) return undefined;
  if (LOOPBACK.check(address, family)) return `loopback address ${address}`;
  if (INTERNAL.check(address, family)) return `private, link-local or internal address ${address}`;
  return undefined;
}

const resolveAll = (host: string) =>
  new Promise<LookupAddress[]>((ok, fail) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? fail(error) : ok(addresses),
    ),
  );

/**
 * The callback URL when it may be called: https (http to loopback in local mode), no credentials, every
 * address its host resolves to allowed. Throws CallbackUrlError with the reason.
 * @example await checkCallbackUrl('https://hooks.example.com/travel')
 */
export async function checkCallbackUrl(raw: string, current: CallbackMode = callbackMode()): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new CallbackUrlError('callback_url is not an absolute URL');
  }
  if (url.username || url.password) throw new CallbackUrlError('callback_url may not carry credentials');
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  const addresses =
    isIP(host) !== 0
      ? [host]
      : host === 'localhost' || host.endsWith('.localhost')
        ? ['127.0.0.1']
        : await resolveAll(host).then(
            (found) => found.map((a) => a.address),
            () => {
              throw new CallbackUrlError(`the host ${host} of callback_url does not resolve`);
            },
          );
  for (const address of addresses) {
    const why = refusal(address, current);
    if (why) throw new CallbackUrlError(`callback_url resolves to a ${why}, which a deployment never calls`);
  }
  const loopback = addresses.every((a) => refusal(a, 'deployed')?.startsWith('loopback'));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && current === 'local' && loopback))
    throw new CallbackUrlError('callback_url must be https (http only to loopback in local mode)');
  return url;
}

/**
 * A `lookup` for node's http and https requests that refuses, at connection time, any address this mode
 * may not call.
 * @example https.request(url, { lookup: guardedLookup() })
 */
export function guardedLookup(current: CallbackMode = callbackMode()) {
  return (
    host: string,
    options: object,
    done: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(host, { ...options, all: true }, (error, found) => {
      if (error) return done(error, '');
      const list = found as LookupAddress[];
      const bad = list.map((a) => refusal(a.address, current)).find((why) => why !== undefined);
      if (bad) return done(new CallbackUrlError(`refused to connect to a ${bad}`), '');
      if ((options as { all?: boolean }).all) return done(null, list);
      done(null, list[0]!.address, list[0]!.family);
    });
  };
}
