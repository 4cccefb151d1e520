/**
 * The sandbox upstream: one HTTP server on loopback playing every third-party source under
 * `/<provider>/…`, with fault injection per provider and a request log. `npm start` and the tests
 * start it in-process and point every provider's base URL at it; connectors cannot tell.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Providers } from '../../shared/upstream/providers.ts';
import { listen, type ListenOptions } from '../listen.ts';
import { SEARCH_ONLY_HOSTS } from './pages.ts';
import type { Site, SiteResponse } from './site.ts';
import { chainA } from './sites/chain-a.ts';
import { chainB } from './sites/chain-b.ts';
import { chainC } from './sites/chain-c.ts';
import { dining } from './sites/dining.ts';
import { images } from './sites/images.ts';
import { mapsHotels } from './sites/maps-hotels.ts';
import { maps } from './sites/maps.ts';
import { rental } from './sites/rental.ts';
import { siteA } from './sites/site-a.ts';
import { siteB } from './sites/site-b.ts';
import { siteC } from './sites/site-c.ts';
import { siteG } from './sites/site-g.ts';
import { webSearch } from './sites/web-search.ts';

export const SITES: Site[] = [
  webSearch,
  images,
  siteA,
  siteB,
  siteG,
  chainA,
  dining,
  maps,
  mapsHotels,
  rental,
  chainB,
  chainC,
  siteC,
];

/** Every provider's public hosts: each site declares its own; search-only platforms come from pages.ts. */
export const SITE_HOSTS: Record<string, readonly string[]> = {
  ...Object.fromEntries(SITES.map((s) => [s.provider, s.hosts])),
  ...SEARCH_ONLY_HOSTS,
};
// Real servers flush pages in chunks of this order; a reader that stops at a marker stops within one chunk.
const CHUNK_BYTES = 16 * 1024;
/** Requests the log keeps at least (the latest), and at most one and a half times as many. */
export const LOG_LIMIT = 10_000;
// Loopback delivers instantly; a short gap between chunks lets a client that stops reading be seen doing so.
const CHUNK_GAP_MS = 4;

export type Fault =
  | { kind: 'latency'; ms: number }
  | { kind: 'status'; status: number }
  | { kind: 'rate-limit'; retryAfter: number }
  | { kind: 'maintenance'; retryAfter: number }
  | { kind: 'reset' }
  | { kind: 'truncate' }
  | { kind: 'malformed' }
  | { kind: 'layout' }
  | ({ kind: 'contract-drift' } & DriftOptions)
  | { kind: 'challenge' }
  | { kind: 'redirect'; location: string };

export const FAULT_KINDS = [
  'latency',
  'status',
  'rate-limit',
  'maintenance',
  'reset',
  'truncate',
  'malformed',
  'layout',
  'contract-drift',
  'challenge',
  'redirect',
] as const satisfies readonly Fault['kind'][];

export interface LoggedRequest {
  provider: string;
  method: string;
  path: string;
  /** The request body, for POSTs (cut at 2 KB). */
  body?: string;
  status: number;
  bytes: number;
  fault?: string;
}

export interface Sandbox {
  /** The base URL providers point at: `publicUrl` when given, else the listen address. */
  url: string;
  /** The port it listens on (the one picked when asked for 0). */
  port: number;
  /** Provider configuration pointing every provider at this sandbox. */
  providers(): Providers;
  /** Injects a fault into a provider's next `times` requests (every request when omitted). */
  inject(provider: string, fault: Fault, times?: number): void;
  clearFaults(): void;
  /** Requests received, optionally for one provider. */
  requests(provider?: string): LoggedRequest[];
  resetLog(): void;
  close(): Promise<void>;
}

/** Whether a request is not one the fault is limited to (a drift of one request of a source's several). */
function passesBy(fault: Fault, path: string, body: string): boolean {
  if (fault.kind !== 'contract-drift' || !fault.only) return false;
  return path !== fault.only.path || (fault.only.body !== undefined && !body.includes(fault.only.body));
}

/** Keys renamed, ld+json dropped, classes and data attributes renamed: a site that changed its layout. */
function relayout(response: SiteResponse): SiteResponse {
  if ('json' in response) {
    const rename = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(rename)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [`v2_${k}`, rename(x)]))
          : v;
    return { ...response, json: rename(response.json) };
  }
  if ('html' in response) {
    return {
      ...response,
      // A redesign rendered client-side: no inline state or JSON-LD, renamed classes, ids, form names and data attributes.
      html: response.html
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
        .replace(/\b(class|id|name)="/g, '$1="v2-')
        .replace(/\bdata-/g, 'data-v2-'),
    };
  }
  return response;
}

/** How a source drifted from the contract (a `contract-drift` fault); by default every value is emptied. */
export interface DriftOptions {
  /**
   * - `empty`: same keys, same types, values no contract accepts (strings empty, numbers far below zero);
   * - `retype`: same keys, values of another type (a numeric text its number, another text its length, a
   *   number or a boolean text; with a share, a list an object of its entries);
   * - `remove`: the keys left out.
   */
  mode?: DriftMode;
  /**
   * Only some field names drift: those whose name falls in share `seed` (0…of-1) of `of` (by a hash of the
   * name), so that a reader sees some fields drift while the fields around it, those that identify the
   * record among them, still read. Every field drifts when omitted.
   */
  share?: { seed: number; of: number };
  /** Only the requests to this path (exact, without the query) drift, with `body` in their body if given. */
  only?: { path: string; body?: string };
}
export const DRIFT_MODES = ['empty', 'retype', 'remove'] as const;
export type DriftMode = (typeof DRIFT_MODES)[number];

/** A stable hash of a field name (FNV-1a, then mixed), to share the names out. */
function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Whether the field `name` drifts under `options`: the shares 0…of-1 together drift every name once. */
function drifts(name: string, { share }: DriftOptions): boolean {
  return !share || nameHash(name) % share.of === share.seed;
}

/** A primitive value as the mode drifts it. */
function driftLeaf(v: unknown, mode: DriftMode): unknown {
  if (mode === 'empty') {
    if (typeof v === 'string') return '';
    if (typeof v === 'number') return -(Math.abs(v) + 1_000_000);
    return v;
  }
  // The same value in another type where it has one (`"42"` and 42), else a number for a text.
  if (typeof v === 'string') return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v.length;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return v;
}

/** A parsed JSON value with its fields drifted; a value in no field (the root, a list's entry) drifts when every field does. */
function driftValue(v: unknown, options: DriftOptions, selected = !options.share): unknown {
  const mode = options.mode ?? 'empty';
  if (Array.isArray(v)) {
    // A list retyped is a list no more: an object of its entries by position.
    if (selected && mode === 'retype' && options.share)
      return Object.fromEntries(v.map((x, i) => [String(i), x]));
    return v.map((x) => driftValue(x, options, selected));
  }
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const own = drifts(k, options);
      if (own && mode === 'remove') continue;
      out[k] = driftValue(x, options, own);
    }
    return out;
  }
  return selected && v !== null ? driftLeaf(v, mode) : v;
}

// A script's `key: value` (object literal) or `name = value` (assignment) with a primitive value (string,
// number, boolean, null).
const JS_PAIR =
  /(["']?)([A-Za-z_$][\w$]*)\1(\s*[:=]\s*)("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b|true\b|false\b|null\b)(\s*,)?/g;

/** A JS literal (a primitive's source text) drifted by the mode, or undefined to remove its pair. */
function driftLiteral(text: string, mode: DriftMode): string | undefined {
  if (mode === 'remove') return undefined;
  const quoted = text.startsWith('"') || text.startsWith("'");
  if (mode === 'empty') return quoted ? '""' : /^-?\d/.test(text) ? '-1000000' : text;
  if (quoted) return /^.-?\d+(\.\d+)?.$/.test(text) ? text.slice(1, -1) : String(text.length - 2);
  if (/^-?\d/.test(text)) return `"${text}"`;
  return text === 'null' ? text : `"${text}"`;
}

/** A script's code: its JSON (JSON-LD, inline state) as JSON, else pair by pair as JavaScript. */
function driftScript(code: string, options: DriftOptions): string {
  const start = code.indexOf('{');
  const end = code.lastIndexOf('}');
  if (start !== -1 && end > start) {
    try {
      const drifted = JSON.stringify(driftValue(JSON.parse(code.slice(start, end + 1)), options));
      return `${code.slice(0, start)}${drifted}${code.slice(end + 1)}`;
    } catch {
      // Not JSON: JavaScript, read pair by pair below.
    }
  }
  const mode = options.mode ?? 'empty';
  return code.replace(
    JS_PAIR,
    (pair: string, quote: string, key: string, sign: string, value: string, comma = '') => {
      if (!drifts(key, options)) return pair;
      const to = driftLiteral(value, mode);
      // An assignment keeps its name: removed, it holds nothing.
      if (to === undefined) return sign.includes('=') ? `${key}${sign}undefined${comma}` : '';
      return `${quote}${key}${quote}${sign}${to}${comma}`;
    },
  );
}

// The markup's values: form values, meta contents and data attributes (markup has no other type: a
// retype leaves it alone).
const ATTRIBUTE = /(\s)(value|content|data-[\w-]+)="([^"]*)"/g;

/** The values of a stretch of markup outside scripts, drifted by the mode. */
function driftMarkup(html: string, options: DriftOptions): string {
  const mode = options.mode ?? 'empty';
  if (mode === 'retype') return html;
  return html.replace(ATTRIBUTE, (attribute: string, space: string, name: string) =>
    !drifts(name, options) ? attribute : mode === 'remove' ? '' : `${space}${name}=""`,
  );
}

/**
 * A source that drifted from the contract without changing its layout (see DriftOptions): JSON bodies
 * drift; in a page, so do its scripts' JSON and JavaScript values (JSON-LD, inline state, assignments)
 * and its markup's values (form values, meta contents, data attributes). Tags, classes and text stay.
 */
function drift(response: SiteResponse, options: DriftOptions): SiteResponse {
  if ('json' in response) return { ...response, json: driftValue(response.json, options) };
  if ('html' in response) {
    const parts = response.html.split(/(<script\b[^>]*>[\s\S]*?<\/script>)/);
    return {
      ...response,
      html: parts
        .map((part, i) => {
          if (i % 2 === 0) return driftMarkup(part, options);
          const [, open = '', code = '', close = ''] = /^(<script\b[^>]*>)([\s\S]*?)(<\/script>)$/.exec(
            part,
          )!;
          return `${driftMarkup(open, options)}${driftScript(code, options)}${close}`;
        })
        .join(''),
    };
  }
  return response;
}

function encode(response: SiteResponse): { type: string; body: Buffer } {
  if ('json' in response)
    return { type: 'application/json; charset=utf-8', body: Buffer.from(JSON.stringify(response.json)) };
  if ('html' in response) return { type: 'text/html; charset=utf-8', body: Buffer.from(response.html) };
  return { type: response.type, body: response.bytes };
}

/** A site's named origins (paths such as `/brand`) as URLs under its prefix; nothing when it names none. */
function originsUnder(prefix: string, origins: Record<string, string> | undefined) {
  if (!origins) return {};
  return {
    origins: Object.fromEntries(Object.entries(origins).map(([name, path]) => [name, `${prefix}${path}`])),
  };
}

/**
 * Provider configuration pointing every provider at a sandbox reachable at `base`.
 * @example providersAt('http://host.docker.internal:3100').site_a.baseUrl // 'http://host.docker.internal:3100/site_a'
 */
export function providersAt(base: string): Providers {
  const configs = new Map(SITES.map((s) => [s.provider, s.config ?? {}]));
  return Object.fromEntries(
    Object.entries(SITE_HOSTS).map(([provider, hosts]) => [
      provider,
      {
        ...configs.get(provider),
        // A site's own named origins are paths under its prefix (a brand host that serves what the main refuses).
        ...originsUnder(`${base}/${provider}`, configs.get(provider)?.origins),
        baseUrl: `${base}/${provider}`,
        hosts: [...hosts],
        allowHttp: true,
        publicBaseUrl: `${base}/${provider}`,
      },
    ]),
  );
}

/**
 * Every URL the sandbox hands out (redirects, image links) and `providers()` use `publicUrl`, so the SSRF
 * guard's redirect check still sees one origin.
 */
export interface SandboxOptions extends ListenOptions {
  /** Requests the log keeps (LOG_LIMIT by default). */
  logLimit?: number;
}

/** @example const sandbox = await startSandbox({ port: 0 }); useProviders(sandbox.providers()); */
export async function startSandbox({
  port = 0,
  host = '127.0.0.1',
  publicUrl,
  logLimit = LOG_LIMIT,
}: SandboxOptions = {}): Promise<Sandbox> {
  const faults = new Map<string, { fault: Fault; left: number }>();
  const log: LoggedRequest[] = [];
  const byProvider = new Map(SITES.map((s) => [s.provider, s]));
  let base = '';

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const [, provider = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const method = req.method === 'POST' ? 'POST' : 'GET';
    const entry: LoggedRequest = { provider, method, path: `${path}${url.search}`, status: 0, bytes: 0 };
    log.push(entry);
    // A long-running sandbox keeps the latest requests only: its memory stays flat under any load. It trims
    // by half a limit at a time, so that keeping the log bounded costs O(1) per request.
    if (log.length >= logLimit * 1.5) log.splice(0, log.length - logLimit);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const requestBody = Buffer.concat(chunks).toString('utf8');
    if (requestBody) entry.body = requestBody.slice(0, 2048);
    const send = (status: number, type: string, body: Buffer, headers: Record<string, string> = {}) => {
      entry.status = status;
      res.writeHead(status, { 'Content-Type': type, 'Content-Length': String(body.length), ...headers });
      // Large bodies go out in chunks, as real servers stream pages; the log counts what was actually sent
      // before the client hung up, so a reader that stops early shows up as fewer bytes.
      let at = 0;
      const pump = () => {
        while (at < body.length && !res.destroyed) {
          const chunk = body.subarray(at, at + CHUNK_BYTES);
          at += chunk.length;
          entry.bytes = at;
          if (!res.write(chunk)) return void res.once('drain', () => setTimeout(pump, CHUNK_GAP_MS));
          if (at < body.length) return void setTimeout(pump, CHUNK_GAP_MS);
        }
        if (!res.destroyed) res.end();
      };
      if (body.length === 0) res.end();
      else pump();
    };

    const armed = faults.get(provider);
    let fault: Fault | undefined;
    if (armed && !passesBy(armed.fault, path, requestBody)) {
      fault = armed.fault;
      entry.fault = fault.kind;
      if (--armed.left <= 0) faults.delete(provider);
    }
    switch (fault?.kind) {
      case 'latency':
        await new Promise((ok) => setTimeout(ok, fault.ms));
        break;
      case 'status':
        return send(
          fault.status,
          'application/json',
          Buffer.from(JSON.stringify({ error: `injected ${fault.status}` })),
        );
      case 'rate-limit':
        return send(429, 'application/json', Buffer.from('{"error":"too many requests"}'), {
          'Retry-After': String(fault.retryAfter),
        });
      case 'maintenance':
        return send(
          503,
          'text/html',
          Buffer.from('<html><body><h1>Down for maintenance</h1></body></html>'),
          { 'Retry-After': String(fault.retryAfter) },
        );
      case 'reset':
        entry.status = -1;
        req.socket.destroy();
        return;
      case 'redirect':
        return send(302, 'text/html', Buffer.from(''), { Location: fault.location });
      case 'challenge':
        // A bot manager's JavaScript challenge (a WAF's 202 page): what plain clients get from a protected source.
        return send(
          202,
          'text/html; charset=utf-8',
          Buffer.from(
            '<!DOCTYPE html><html><head><title></title><script>window.gokuProps = { key: "AQIDAHj", iv: "CgAHZ", context: "x" }; var chal_t = 1;</script><script src="/challenge.js"></script></head><body><noscript>JavaScript is disabled</noscript></body></html>',
          ),
        );
      default:
        break;
    }

    const site = byProvider.get(provider);
    const route = site?.routes.find(([method, pattern]) => method === req.method && pattern.test(path));
    if (!site || !route) return send(404, 'application/json', Buffer.from('{"error":"not found"}'));
    const match = route[1].exec(path)!;
    let response = await route[2]({
      method,
      body: requestBody,
      path,
      query: url.searchParams,
      headers: req.headers,
      base: `${base}/${provider}`,
      match,
    });
    if (fault?.kind === 'layout') response = relayout(response);
    if (fault?.kind === 'contract-drift') response = drift(response, fault);
    const { type, body } = encode(response);
    if (fault?.kind === 'malformed') {
      const garbage = type.includes('json')
        ? body.subarray(0, Math.max(1, Math.floor(body.length / 2)))
        : Buffer.from('<html><body><div class="x"><span>&#xZZ;<<<');
      return send(response.status, type, garbage, response.headers);
    }
    if (fault?.kind === 'truncate') {
      entry.status = response.status;
      res.writeHead(response.status, {
        'Content-Type': type,
        'Content-Length': String(body.length),
        ...response.headers,
      });
      // Cut early, in the first bytes of the body, as a connection dropped mid-transfer would.
      res.write(body.subarray(0, Math.min(64, Math.floor(body.length / 2))));
      setTimeout(() => res.destroy(), 5);
      return;
    }
    return send(response.status, type, body, response.headers);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: String(error) }));
    });
  });
  const bound = await listen(server, port, host);
  // A wildcard address is not one a client can dial: the same machine reaches it on loopback.
  const dialHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  base = publicUrl ? publicUrl.replace(/\/+$/, '') : `http://${dialHost}:${bound}`;

  return {
    url: base,
    port: bound,
    providers: () => providersAt(base),
    inject: (provider, fault, times = Number.POSITIVE_INFINITY) => {
      faults.set(provider, { fault, left: times });
    },
    clearFaults: () => faults.clear(),
    requests: (provider) => (provider ? log.filter((r) => r.provider === provider) : [...log]),
    resetLog: () => {
      log.length = 0;
    },
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
