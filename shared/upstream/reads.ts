/**
 * The two reads of the transport. Buffered: the whole answer, size-capped, parsed as the request
 * expects, with got retrying a safe request itself. Streamed: an HTML page only as far as a scan needs
 * it, retried whole by `withRetries` (got cannot retry a stream it has handed on).
 */
import type { Deadline } from './deadline.ts';
import { UpstreamError, UpstreamUnavailableError } from './errors.ts';
import { ExtractionError } from '../extraction/errors.ts';
import { isSafe, type Loaded, type Outbound, type UpstreamRequest } from './request.ts';
import type { StreamScan } from '../extraction/stream-scan.ts';
import {
  attemptOptions,
  backoffMs,
  challenged,
  DEFAULT_MAX_BYTES,
  fitsDeadline,
  got,
  isHttpError,
  MAX_RETRY_AFTER_WAIT_MS,
  RETRY_LIMIT,
  RETRY_STATUSES,
  statusFailure,
  toContractError,
} from './transport.ts';

type ResponseHeaders = Record<string, string | string[] | undefined>;

function parseBody(req: UpstreamRequest, text: string, status: number): unknown {
  if (req.expect === 'html') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new ExtractionError(req.provider, 'the JSON body does not parse', cause, status);
  }
}

function wrongType(
  req: UpstreamRequest,
  status: number,
  headers: ResponseHeaders,
): UpstreamError | undefined {
  const type = String(headers['content-type'] ?? '');
  if (req.expect === 'json' ? /json/i.test(type) : /html/i.test(type)) return undefined;
  return new UpstreamError(req.provider, `unexpected content type ${type || '(none)'}`, status);
}

/**
 * The whole answer, or the contract's error. A 404 the request expects, and a status it passes, are
 * answers with their body; a challenge never is.
 * @example const { status, body } = await bufferedRead(outbound, sentUrl(outbound), session)
 */
export async function bufferedRead(
  outbound: Outbound,
  url: URL,
  session: Record<string, string>,
): Promise<Loaded> {
  const { req, deadline } = outbound;
  const maxBytes = req.maxBytes ?? DEFAULT_MAX_BYTES;
  const size = new AbortController();
  let tooLarge = false;
  const { remaining, ...shared } = attemptOptions(outbound, session);
  const passed = new Set([...(req.passStatuses ?? []), ...(req.notFoundOk ? [404] : [])]);
  try {
    const request = got().default(url, {
      ...shared,
      signal: AbortSignal.any([AbortSignal.timeout(remaining), size.signal]),
      responseType: 'text',
      throwHttpErrors: true,
      retry: {
        limit: RETRY_LIMIT,
        methods: isSafe(req) ? [shared.method] : [],
        statusCodes: RETRY_STATUSES.filter((code) => !passed.has(code)),
        // got gives up (computedValue 0) on a Retry-After beyond this.
        maxRetryAfter: Math.min(MAX_RETRY_AFTER_WAIT_MS, remaining),
        calculateDelay: ({ computedValue, attemptCount, error }) => {
          if (computedValue <= 0) return 0;
          if (challenged(error.response?.statusCode ?? 0, String(error.response?.body ?? ''))) return 0;
          // A short Retry-After is honoured as sent; otherwise the backoff.
          const wait = error.response?.headers['retry-after'] ? computedValue : backoffMs(attemptCount);
          return fitsDeadline(wait, deadline) ? Math.max(1, wait) : 0;
        },
      },
    });
    request.on('downloadProgress', (progress) => {
      if (progress.transferred > maxBytes || (progress.total ?? 0) > maxBytes) {
        tooLarge = true;
        size.abort();
      }
    });
    const { statusCode: status, headers, body } = await request;
    if (challenged(status, body)) throw statusFailure(req.provider, status, headers, body);
    const refused = wrongType(req, status, headers);
    if (refused) throw refused;
    return { status, body: parseBody(req, body, status), bytes: Buffer.byteLength(body) };
  } catch (error) {
    if (isHttpError(error)) {
      const { statusCode: status, body } = error.response;
      const text = String(body ?? '');
      if (!challenged(status, text) && status === 404 && req.notFoundOk)
        return { status, body: null, bytes: 0 };
      if (!challenged(status, text) && passed.has(status)) {
        // A documented error answer whose body does not parse is still that status, with no body.
        let parsed: unknown;
        try {
          parsed = parseBody(req, text, status);
        } catch {
          parsed = null;
        }
        return { status, body: parsed, bytes: Buffer.byteLength(text) };
      }
    }
    throw toContractError(outbound, error, tooLarge);
  }
}

/**
 * Reads an HTML page until `scan` finds its answer in the text as it arrives (or the page ends): the
 * answer, not the page, is the body. The scan is given each chunk once, never the page so far, so the
 * read stays linear in the page's size. The status alone decides an error answer: its body is not read.
 * @example await streamedRead(outbound, sentUrl(outbound), windowScan((html) => /id: '(\d+)'/.exec(html)?.[1]), {})
 */
export async function streamedRead<T>(
  outbound: Outbound,
  url: URL,
  scan: StreamScan<T>,
  session: Record<string, string>,
): Promise<Loaded> {
  const { req } = outbound;
  const maxBytes = req.maxBytes ?? DEFAULT_MAX_BYTES;
  const { remaining, ...shared } = attemptOptions(outbound, session);
  const stream = got().default.stream(url, {
    ...shared,
    signal: AbortSignal.timeout(remaining),
    retry: { limit: 0 },
    throwHttpErrors: false,
  });
  return new Promise<Loaded>((resolve, reject) => {
    const decoder = new TextDecoder();
    let bytes = 0;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      stream.destroy();
      outcome();
    };
    stream.on(
      'response',
      ({ statusCode: status, headers }: { statusCode: number; headers: ResponseHeaders }) => {
        if (status === 404 && req.notFoundOk)
          return finish(() => resolve({ status: 404, body: undefined, bytes: 0 }));
        if (challenged(status) || status >= 400)
          return finish(() => reject(statusFailure(req.provider, status, headers)));
        const refused = wrongType(req, status, headers);
        if (refused) return finish(() => reject(refused));
      },
    );
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes)
        return finish(() =>
          reject(new UpstreamError(req.provider, `response larger than ${maxBytes} bytes`)),
        );
      // A scan that throws (a reader's extraction error) must reject this read, not escape the stream.
      const found = scanSafely(() => scan.feed(decoder.decode(chunk, { stream: true })), reject, finish);
      if (found !== undefined) finish(() => resolve({ status: 200, body: found, bytes }));
    });
    stream.on('end', () => {
      if (settled) return;
      const found = scanSafely(
        () => {
          const rest = decoder.decode();
          return (rest ? scan.feed(rest) : undefined) ?? scan.end();
        },
        reject,
        finish,
      );
      finish(() => resolve({ status: 200, body: found, bytes }));
    });
    stream.on('error', (error: unknown) => finish(() => reject(toContractError(outbound, error))));
  });
}

/**
 * Runs a scan inside a stream handler: a throw settles the read as a rejection with that error.
 * @example scanSafely(() => JSON.parse('{'), reject, finish) // undefined, and the read rejects
 */
function scanSafely<T>(
  scan: () => T | undefined,
  reject: (error: unknown) => void,
  finish: (outcome: () => void) => void,
): T | undefined {
  try {
    return scan();
  } catch (error) {
    finish(() => reject(error));
    return undefined;
  }
}

/** Whether a failed attempt may succeed if tried again: the source was busy, or the connection failed. */
function transient(error: unknown): boolean {
  if (error instanceof UpstreamUnavailableError) return true;
  return (
    error instanceof UpstreamError &&
    (error.upstreamStatus === undefined || RETRY_STATUSES.includes(error.upstreamStatus))
  );
}

/**
 * Retries a whole attempt where got's own retry cannot reach (a streamed read): a short Retry-After as
 * sent, otherwise the backoff, and only while a further attempt fits in the deadline.
 * @example await withRetries(deadline, () => streamedRead(outbound, url, scan, session))
 */
export async function withRetries<T>(deadline: Deadline, attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      const asked = error instanceof UpstreamUnavailableError ? error.retryAfterSeconds * 1_000 : undefined;
      const wait = asked ?? backoffMs(n);
      const tooLong = asked !== undefined && asked > MAX_RETRY_AFTER_WAIT_MS;
      if (!transient(error) || tooLong || n > RETRY_LIMIT || !fitsDeadline(wait, deadline)) throw error;
      await new Promise((ok) => setTimeout(ok, wait));
    }
  }
}
