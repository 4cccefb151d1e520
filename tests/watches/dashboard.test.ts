// The dashboard's watches (issue #38), over the local server with a browser's session: an account's key
// makes a watch with the API, the dashboard lists it with its status, pauses, resumes and deletes it;
// another account sees none of it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { useMailer, type Mail } from '../../shared/accounts/mailer.ts';
import { MemoryWatchStore, useWatchStore } from '../../shared/watches/store.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { cookiesOf } from '../helpers/cookies.ts';

let api: TestServer;
const outbox: Mail[] = [];
beforeAll(async () => {
  api = await startTestServer();
  useMailer({ send: async (mail) => void outbox.push(mail) });
  useWatchStore(new MemoryWatchStore());
});
afterAll(async () => api.close());

interface Browser {
  cookie: string;
  csrf: string;
}

async function post(path: string, body: unknown, b: Browser) {
  const res = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { cookie: b.cookie, 'x-csrf-token': b.csrf, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any>, res }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A verified account, signed in, with a key of its own. */
async function account(email: string): Promise<{ browser: Browser; key: string }> {
  const first = await fetch(`${api.url}/account/session`);
  const browser = {
    cookie: cookiesOf(first),
    csrf: ((await first.json()) as { csrf_token: string }).csrf_token,
  };
  const password = 'correct horse battery staple';
  expect((await post('/account/signup', { email, password }, browser)).status).toBe(202);
  const token = new URL(outbox.filter((m) => m.to === email).at(-1)!.link!).hash.replace('#verify=', '');
  expect((await post('/account/verify', { token }, browser)).status).toBe(200);
  const signedIn = await post('/account/signin', { email, password }, browser);
  const session = {
    cookie: cookiesOf(signedIn.res, browser.cookie),
    csrf: signedIn.body.csrf_token as string,
  };
  const made = await post('/account/keys', { name: 'watcher' }, session);
  expect(made.status).toBe(201);
  return { browser: session, key: made.body.key as string };
}

const list = async (b: Browser) =>
  (
    (await (await fetch(`${api.url}/account/watches`, { headers: { cookie: b.cookie } })).json()) as {
      watches: { id: string; status: string; reason: string | null; key_name: string }[];
    }
  ).watches;

describe('the dashboard’s watches', () => {
  it('lists an account’s watches with their status, pauses, resumes and deletes them; another account cannot', async () => {
    // Prepare
    const ann = await account(`ann-${Date.now()}@example.test`);
    const bob = await account(`bob-${Date.now()}@example.test`);
    const res = await fetch(`${api.url}/v1/watches`, {
      method: 'POST',
      headers: { 'x-api-key': ann.key, 'content-type': 'application/json' },
      body: JSON.stringify({
        route: '/v1/chain_b/hotel/rooms',
        params: { hotel_id: '9WT3', check_in: '2030-06-10', check_out: '2030-06-12' },
        condition: { type: 'becomes_available' },
        callback_url: 'http://127.0.0.1:9/hook',
      }),
    });
    const { id } = (await res.json()) as { id: string };

    // Act
    const listed = await list(ann.browser);
    const bobsList = await list(bob.browser);
    const bobPauses = await post(`/account/watches/${id}/status`, { status: 'paused' }, bob.browser);
    const paused = await post(`/account/watches/${id}/status`, { status: 'paused' }, ann.browser);
    const afterPause = await list(ann.browser);
    const resumed = await post(`/account/watches/${id}/status`, { status: 'active' }, ann.browser);
    const noToken = await post(`/account/watches/${id}/delete`, {}, { ...ann.browser, csrf: 'wrong' });
    const bobDeletes = await post(`/account/watches/${id}/delete`, {}, bob.browser);
    const deleted = await post(`/account/watches/${id}/delete`, {}, ann.browser);

    // Assess
    expect(res.status).toBe(201);
    expect(listed).toEqual([expect.objectContaining({ id, status: 'active', key_name: 'watcher' })]);
    expect(bobsList).toEqual([]);
    expect([bobPauses.status, bobPauses.body.error_code]).toEqual([404, 'WATCH_NOT_FOUND']);
    expect(paused.body).toMatchObject({ id, status: 'paused', reason: 'paused by its owner' });
    expect(afterPause[0]).toMatchObject({ status: 'paused' });
    expect(resumed.body).toMatchObject({ id, status: 'active', reason: null });
    expect([noToken.status, noToken.body.error_code]).toEqual([403, 'CSRF_TOKEN_INVALID']);
    expect(bobDeletes.status).toBe(404);
    expect(deleted.body).toEqual({ deleted: true, id });
    expect(await list(ann.browser)).toEqual([]);
  });
});
