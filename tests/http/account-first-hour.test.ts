// The session API behind the dashboard's first-hour fixes (issue #40): the delete password checked alone
// (check_only), before the dashboard asks the irreversible question; a rotated key names its successor and
// the successor says how much of today's count it carries; a used verification link says to sign in.
import { describe, expect, it } from '@jest/globals';
import type { Mail } from '../../shared/accounts/mailer.ts';
import { outboxSettled } from '../../shared/accounts/outbox.ts';
import { useTestServer } from '../helpers/server.ts';

const outbox: Mail[] = [];
const api = useTestServer({ resetEach: false, outbox });

const PASSWORD = 'correct horse battery staple';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A browser signed in to a fresh verified account; `send` keeps its cookies and CSRF token. */
async function signedIn() {
  const jar = new Map<string, string>();
  let csrf = '';
  const send = async (
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/json', 'x-csrf-token': csrf } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      if (pair!.slice(at + 1)) jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      else jar.delete(pair!.slice(0, at));
    }
    const json = (await res.json().catch(() => undefined)) as Json;
    if (json?.csrf_token) csrf = json.csrf_token;
    await outboxSettled();
    return { status: res.status, body: json };
  };
  const email = `first-hour-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
  await send('GET', '/account/session');
  await send('POST', '/account/signup', { email, password: PASSWORD });
  const token = new URL(outbox.filter((m) => m.to === email).at(-1)!.link!).hash.replace('#verify=', '');
  await send('POST', '/account/verify', { token });
  await send('POST', '/account/signin', { email, password: PASSWORD });
  return { send, token };
}

describe('the session API for the dashboard', () => {
  it('checks the delete password alone with check_only, deleting nothing', async () => {
    const { send } = await signedIn();
    const wrong = await send('POST', '/account/delete', { password: 'not the password', check_only: true });
    const right = await send('POST', '/account/delete', { password: PASSWORD, check_only: true });
    const still = await send('GET', '/account/keys');
    expect([wrong.status, wrong.body.error_code]).toEqual([401, 'INVALID_CREDENTIALS']);
    expect([right.status, right.body.message]).toEqual([200, expect.stringContaining('confirm')]);
    expect(still.status).toBe(200);
  });

  it('names the key that replaced a rotated one, and the count the new one carries', async () => {
    // Prepare: a key with one call today
    const { send } = await signedIn();
    const made = await send('POST', '/account/keys', { name: 'first' });
    expect(
      (await api.get('/v1/meta/coordinates-lookup?term=paris', { 'x-api-key': made.body.key })).status,
    ).toBe(200);
    // Act
    const rotated = await send('POST', `/account/keys/${made.body.id}/rotate`, {});
    const list = await send('GET', '/account/keys');
    // Assess
    const byId = new Map(list.body.keys.map((k: Json) => [k.id, k]));
    expect(byId.get(made.body.id)).toMatchObject({ status: 'revoked', replaced_by: rotated.body.id });
    expect(byId.get(rotated.body.id)).toMatchObject({
      status: 'active',
      replaced_by: null,
      today: 1,
      carried_today: 1,
      last_used_at: null,
    });
  });

  it('tells the opener of a used verification link to sign in if it verified their email', async () => {
    const { send, token } = await signedIn();
    const again = await send('POST', '/account/verify', { token });
    expect([again.status, again.body.error_code]).toEqual([400, 'INVALID_TOKEN']);
    expect(again.body.detail).toMatch(/just sign in/);
  });
});
