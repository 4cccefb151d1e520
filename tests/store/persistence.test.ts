// Accounts that last: `npm start` (its entry, in a child process) keeps accounts, keys and counts in its data
// folder. Sign up, verify, sign in, make a key and call the API; restart the process on the same folder; the
// same email and password sign in, the same key works, and today's count goes on from where it was. A wrong
// password after the restart is refused as a wrong password, and a second process on the folder is refused.
import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cookieHeader, keepCookies } from '../helpers/cookies.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DATA_DIR = mkdtempSync(join(tmpdir(), 'travel-data-persist-'));
const EMAIL = 'keeps@example.test';
const PASSWORD = 'a passphrase that outlives restarts';

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}
const running: Started[] = [];

/** `npm start`'s entry on the test's data folder; resolves once it prints its address (or exits). */
function start(): Promise<Started> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'infra/local/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', DATA_DIR },
  });
  let output = '';
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const started: Started = { child, url: '', output: () => output, exited };
  running.push(started);
  return new Promise((ok) => {
    const timer = setInterval(() => {
      const found = /^travel-data-api listening on (\S+)/m.exec(output);
      // The banner ends with the data line; the pipe may deliver it in a later chunk than "listening".
      if ((found && /^data: .*\n/m.test(output)) || child.exitCode !== null) {
        clearInterval(timer);
        started.url = found?.[1] ?? '';
        ok(started);
      }
    }, 50);
  });
}

async function stop(s: Started): Promise<void> {
  s.child.kill('SIGTERM');
  await s.exited;
}

afterAll(async () => {
  for (const s of running) if (s.child.exitCode === null) await stop(s);
  rmSync(DATA_DIR, { recursive: true, force: true });
});

/** A browser's cookie jar and CSRF token over fetch. */
class Browser {
  private readonly cookies = new Map<string, string>();
  private csrf = '';
  private readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  private async send(method: string, path: string, body?: unknown) {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        cookie: cookieHeader(this.cookies),
        ...(body === undefined ? {} : { 'content-type': 'application/json', 'x-csrf-token': this.csrf }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    keepCookies(this.cookies, res);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: (await res.json()) as any };
  }

  async open(): Promise<this> {
    this.csrf = (await this.send('GET', '/account/session')).body.csrf_token;
    return this;
  }

  async post(path: string, body: unknown) {
    const answer = await this.send('POST', path, body);
    if (answer.body?.csrf_token) this.csrf = answer.body.csrf_token;
    return answer;
  }
}

const call = (base: string, key: string) =>
  fetch(`${base}/v1/meta/coordinates-lookup?term=paris&limit=1`, { headers: { 'x-api-key': key } });

describe('npm start keeps accounts in its data folder', () => {
  it('signs in again with the same account and key after a restart', async () => {
    // Prepare: an account with a key, used once
    const first = await start();
    expect(first.output()).toContain(`data: accounts, keys and daily counts are kept in ${DATA_DIR}`);
    const before = await new Browser(first.url).open();
    await before.post('/account/signup', { email: EMAIL, password: PASSWORD });
    // The mail is written after the answer (shared/accounts/outbox.ts): its line comes a moment later.
    let printed: RegExpExecArray | null = null;
    for (let waited = 0; !printed && waited < 5_000; waited += 20) {
      printed = /open \S+#verify=(\S+)/.exec(first.output());
      if (!printed) await new Promise((ok) => setTimeout(ok, 20));
    }
    const token = printed![1]!;
    await before.post('/account/verify', { token });
    expect((await before.post('/account/signin', { email: EMAIL, password: PASSWORD })).status).toBe(200);
    const { key } = (await before.post('/account/keys', { name: 'lasting' })).body as { key: string };
    expect((await call(first.url, key)).status).toBe(200);
    await stop(first);

    // Act: the same folder, a new process
    const second = await start();
    const after = await new Browser(second.url).open();
    const wrong = await after.post('/account/signin', {
      email: EMAIL,
      password: 'not the passphrase at all',
    });
    const signIn = await after.post('/account/signin', { email: EMAIL, password: PASSWORD });
    const used = await call(second.url, key);
    const usage = await fetch(`${second.url}/v1/account/usage`, { headers: { 'x-api-key': key } });
    const clash = await start();
    const clashCode = await clash.exited;

    // Assess
    expect([wrong.status, wrong.body.error_code]).toEqual([401, 'INVALID_CREDENTIALS']);
    expect(signIn.status).toBe(200);
    expect(signIn.body.account.email).toBe(EMAIL);
    expect(used.status).toBe(200);
    expect(((await usage.json()) as { used: number }).used).toBe(2);
    expect(clashCode).toBe(1);
    expect(clash.output()).toContain(`the data folder ${DATA_DIR} is in use by another process`);
  }, 90_000);
});
