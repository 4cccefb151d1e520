/**
 * Counts what a DynamoDB client sends, at the innermost step of its middleware stack (each HTTP request,
 * retries included): the requests, and the round trips they took in series. Requests sent while another is
 * in flight share its round trip, as the caller waits for them together; a request sent when none is in
 * flight starts a new one. Tests and the benchmark use it to hold a hit to one round trip.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface RoundTripCounter {
  /** HTTP requests sent since the last reset. */
  readonly requests: number;
  /** Round trips in series since the last reset (busy periods of the client). */
  readonly roundTrips: number;
  /** The operations sent, in order (`GetItem`, `UpdateItem`…). */
  readonly operations: readonly string[];
  /** Starts counting from zero. */
  reset(): void;
  /** Takes the counting middleware off the client. */
  stop(): void;
}

let installed = 0;

/**
 * Installs a counting middleware on `client`.
 * @example
 * const counter = countRoundTrips(client);
 * await handler(event, context);
 * expect(counter.roundTrips).toBe(1);
 * counter.stop();
 */
export function countRoundTrips(client: DynamoDBClient): RoundTripCounter {
  let requests = 0;
  let roundTrips = 0;
  let inFlight = 0;
  let operations: string[] = [];
  const name = `countRoundTrips${++installed}`;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      requests++;
      if (inFlight === 0) roundTrips++;
      inFlight++;
      operations.push(String(context.commandName ?? '?').replace(/Command$/, ''));
      try {
        return await next(args);
      } finally {
        inFlight--;
      }
    },
    { step: 'deserialize', priority: 'low', name },
  );
  return {
    get requests() {
      return requests;
    },
    get roundTrips() {
      return roundTrips;
    },
    get operations() {
      return operations;
    },
    reset() {
      requests = 0;
      roundTrips = 0;
      operations = [];
    },
    stop() {
      client.middlewareStack.remove(name);
    },
  };
}
