/**
 * A loopback webhook receiver that verifies with the Standard Webhooks library, and the watch test clock
 * and engine (batches of due watches: tests/helpers/watches.ts).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { useCallbackMode } from '../../shared/watches/callback-url.ts';
import type { APIGatewayProxyResult } from 'aws-lambda';
import type { Route } from '../../shared/routes/index.ts';
import type { EngineDeps } from '../../shared/watches/engine.ts';
import { localEngine } from '../../shared/watches/local.ts';
import type { WatchRecord } from '../../shared/watches/model.ts';
import { MemoryWatchStore, useWatchStore } from '../../shared/watches/store.ts';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether the standard's library accepted the signature and timestamp. */
  verified: boolean;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The secret to verify with (set once the watch is made). */
  secret: string;
  /** How many of the next requests answer 500. */
  failNext: number;
  /** Answer 500 to every request. */
  alwaysFail: boolean;
  close(): Promise<void>;
}

/** @example const receiver = await startReceiver(); receiver.secret = created.secret; */
export async function startReceiver(): Promise<Receiver> {
  const state = { received: [] as Received[], secret: '', failNext: 0, alwaysFail: false };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: boolean;
      try {
        new Webhook(receiver.secret).verify(body, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      receiver.received.push({ headers: req.headers, body, verified });
      const fail = receiver.alwaysFail || receiver.failNext > 0;
      if (receiver.failNext > 0) receiver.failNext--;
      res.writeHead(fail ? 500 : verified ? 204 : 400).end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const receiver: Receiver = {
    ...state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
  return receiver;
}

/** A clock the test moves. @example const clock = testClock(); clock.advance(3_600_000); */
export function testClock(start = Date.now()) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/**
 * A fresh in-memory watch store in use, a test clock at the next minute's tick (so a new watch is due at
 * once), and the local engine over them with a fixed jitter; the callback mode back to its default.
 * `route` is passed in so that this file does not load every watched handler for the tests that only
 * need the receiver.
 * @example ({ store, clock, engine } = freshWatchEngine(watchedRoute));
 */
export function freshWatchEngine(route: EngineDeps['route']) {
  useCallbackMode(undefined);
  const store = new MemoryWatchStore();
  useWatchStore(store);
  const clock = testClock(Date.now() + 60_000);
  const engine = localEngine({ store, clock: clock.now, route, random: () => 0.5 });
  return { store, clock, engine };
}

/**
 * One watch, the engine ticking once each `stepMs` (an hour unless said) as many times as there are
 * `answers`, its route's handler answering them in turn (one a check), deliveries posted to a list: the
 * watch as it stands after the last tick, and the bodies posted.
 * @example const { watch, posted } = await checkedInTurn(routes.rentalPricing, record, [answer1, answer2]);
 */
export async function checkedInTurn(
  route: Route,
  record: WatchRecord,
  answers: APIGatewayProxyResult[],
  stepMs = 3_600_000,
) {
  const clock = testClock(record.createdAt);
  const store = new MemoryWatchStore();
  await store.create(record, 10);
  const posted: string[] = [];
  const engine = localEngine({
    store,
    clock: clock.now,
    route: async () => ({ route, handler: async () => answers.shift()! }),
    post: async (_url, _headers, body) => {
      posted.push(body);
      return { status: 204, error: null };
    },
  });
  const total = answers.length;
  for (let i = 0; i < total; i++) {
    await engine.tick();
    await engine.idle();
    clock.advance(stepMs);
  }
  return { watch: (await store.get(record.id))!, posted };
}
