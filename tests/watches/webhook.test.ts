// A delivery attempt has one deadline for all of it (shared/watches/webhook.ts): a receiver that trickles its
// status line or its body cannot hold the attempt, nor the delivery worker's batch, past it; and an attempt
// that ran out is recorded as a failed attempt, retried by the schedule.
import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { runDelivery } from '../../shared/watches/engine.ts';
import { newWatchRecord } from '../../shared/watches/model.ts';
import { MemoryWatchStore } from '../../shared/watches/store.ts';
import { postWebhook } from '../../shared/watches/webhook.ts';

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((ok) => s.close(ok))));
});

/** A loopback receiver that writes `head` at once, then one byte of `trickle` every 50 ms, never ending. */
async function trickling(head: string, trickle: string): Promise<string> {
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.write(head);
    let i = 0;
    const timer = setInterval(() => {
      if (socket.destroyed) return clearInterval(timer);
      socket.write(trickle[i++ % trickle.length]!);
    }, 50);
    socket.on('close', () => clearInterval(timer));
  });
  servers.push(server);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

describe('a delivery attempt', () => {
  it('ends at its deadline when the receiver trickles its status line and headers', async () => {
    // Prepare
    const url = await trickling('HTTP/1.1 200 OK\r\n', 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaa\r\n');
    const started = Date.now();
    // Act
    const result = await postWebhook(url, {}, '{"type":"watch.triggered"}', 400);
    // Assess
    expect(result).toEqual({ status: null, error: 'no answer within 0.4 s' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('is answered by the status line and headers alone: a body trickled forever is not waited for', async () => {
    // Prepare
    const url = await trickling(
      'HTTP/1.1 204 No Content\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n',
      '1\r\nx\r\n',
    );
    const started = Date.now();
    // Act
    const result = await postWebhook(url, {}, '{}', 2_000);
    // Assess
    expect(result).toEqual({ status: 204, error: null });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('that ran out is recorded as a failed attempt and waits for its retry', async () => {
    // Prepare
    const url = await trickling('HTTP/1.1 200 OK\r\n', 'X-Slow: aaaaaaaaaaaaaaaa\r\n');
    const store = new MemoryWatchStore();
    const now = Date.parse('2031-02-03T04:05:06Z');
    const watch = newWatchRecord({
      id: 'wch_trickle1',
      keyId: 'k-trickle',
      tier: 'pro',
      routeId: 'chainBRooms',
      route: '/v1/chain_b/hotel/rooms',
      params: { hotel_id: 'QQ42', check_in: '2031-05-01' },
      condition: { type: 'any_change' },
      callbackUrl: url,
      interval: 300,
      expiresAt: now + 86_400_000,
      createdAt: now,
    });
    await store.create(watch, 5);
    await store.putDelivery({
      id: 'msg_trickle1',
      watchId: watch.id,
      payload: '{"type":"watch.triggered"}',
      status: 'pending',
      attempts: [],
      createdAt: now,
      nextAttemptAt: now,
      version: 0,
    });
    // Act
    await runDelivery(
      {
        store,
        queues: undefined as never,
        clock: () => now,
        route: undefined as never,
        random: () => 0.5,
        post: (to, headers, body) => postWebhook(to, headers, body, 300),
      },
      { deliveryId: 'msg_trickle1' },
    );
    // Assess
    const delivery = await store.getDelivery('msg_trickle1');
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: [{ at: '2031-02-03T04:05:06.000Z', status: null, error: 'no answer within 0.3 s' }],
      nextAttemptAt: now + 5_000,
    });
  });
});
