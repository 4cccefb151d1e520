// The accounts dashboard used as a person would, in real Chromium, against `npm start` itself (its entry, in
// a child process): open the printed dashboard URL, sign up, verify the email with the link the process
// printed, sign in, create two keys (the second by keyboard alone), call the API with one, see the call in
// the chart, revoke the key and see the API refuse it with 401. The screenshot of the dashboard with the
// call in its chart is kept in tests/artifacts/. Chromium is the Debian package (`.ci/run` installs it).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = resolve(ROOT, 'tests/artifacts');
const SCREENSHOT = resolve(ARTIFACTS, 'dashboard.png');
const EMAIL = 'newcomer@example.test';
const PASSWORD = 'a long and memorable passphrase';

let server: ChildProcess;
let exited: Promise<number | null>;
let output = '';
let dashboard: string;
let browser: Browser;

/** Waits until the process has printed a line matching `pattern`; its first group. */
function printed(pattern: RegExp, timeoutMs = 30_000): Promise<string> {
  return new Promise((ok, fail) => {
    const check = () => {
      const found = pattern.exec(output);
      if (!found) return false;
      clearInterval(timer);
      ok(found[1]!);
      return true;
    };
    const started = Date.now();
    const timer = setInterval(() => {
      if (!check() && Date.now() - started > timeoutMs) {
        clearInterval(timer);
        fail(new Error(`npm start never printed ${pattern}:\n${output}`));
      }
    }, 50);
  });
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`);
  // What `npm start` runs, on a free port.
  server = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'infra/local/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn' },
  });
  exited = new Promise((ok) => server.once('exit', (code) => ok(code)));
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  dashboard = await printed(/^dashboard: (\S+)/m);
  browser = await chromium.launch({ executablePath: CHROMIUM });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) server.kill('SIGTERM');
  await exited;
});

const apiBase = () => dashboard.replace(/\/dashboard$/, '');
const callApi = (key: string) =>
  fetch(`${apiBase()}/v1/meta/coordinates-lookup?term=paris&limit=3`, { headers: { 'x-api-key': key } });

async function status(page: Page): Promise<string> {
  return (await page.locator('#status').textContent()) ?? '';
}

describe('the accounts dashboard, in Chromium', () => {
  it('signs up, verifies, makes two keys, sees a call in the chart, and revokes a key the API then refuses', async () => {
    // Prepare: the page, every script and style from the service itself
    const page = await browser.newPage({ viewport: { width: 1280, height: 1500 } });
    const foreign: string[] = [];
    const failures: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(apiBase()) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    page.on('pageerror', (e) => failures.push(e.message));
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(dashboard);

    // Act: sign up, then open the link npm start printed
    const signup = page.locator('#signup-form');
    await signup.getByLabel('Email').fill(EMAIL);
    await signup.getByLabel('Password').fill(PASSWORD);
    await signup.getByRole('button', { name: 'Sign up' }).click();
    await page.locator('#status', { hasText: 'verification link' }).waitFor();
    const link = await printed(/open (\S+#verify=\S+)/);
    await page.goto(link);
    await page.locator('#status', { hasText: 'Your email is verified' }).waitFor();
    const afterVerify = page.url();

    // sign in
    const signin = page.locator('#signin-form');
    await signin.getByLabel('Email').fill(EMAIL);
    await signin.getByLabel('Password').fill(PASSWORD);
    await signin.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('#who', { hasText: EMAIL }).waitFor();

    // two keys, the second by keyboard alone
    await page.getByLabel("New key's name").fill('first');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('#status', { hasText: 'Key "first" created' }).waitFor();
    const first = await page.getByLabel('Key', { exact: true }).inputValue();
    const curl = await page.getByLabel('Try it with curl').inputValue();
    await page.getByLabel("New key's name").focus();
    await page.keyboard.type('second');
    await page.keyboard.press('Enter');
    await page.locator('#status', { hasText: 'Key "second" created' }).waitFor();
    const second = await page.getByLabel('Key', { exact: true }).inputValue();

    // a call with the first key, seen in the chart after a refresh
    const call = await callApi(first);
    await page.getByRole('button', { name: 'Refresh usage' }).click();
    await page.locator('#status', { hasText: 'Usage refreshed' }).waitFor();
    const chart = page.locator('#chart');
    const plotted = {
      total: await chart.getAttribute('data-total'),
      today: await chart.getAttribute('data-today'),
    };
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    await page.getByText("The chart's numbers as a table").click();
    const todayRow = page.locator('#usage-table tbody tr').first();
    const todayCells = await todayRow.locator('td').allTextContents();
    const headers = await page.locator('#usage-table thead th').allTextContents();
    const firstRow = page.locator('#keys-table tbody tr', {
      has: page.getByRole('rowheader', { name: 'first' }),
    });
    const firstToday = await firstRow.locator('td').nth(3).textContent();
    const drawn = await chart.evaluate((element) => {
      // Some pixel of the chart is painted in the first series' colour: the bar is drawn, not only listed.
      const canvas = element as unknown as {
        width: number;
        height: number;
        getContext(kind: '2d'): {
          getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
        };
      };
      const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4)
        if (data[i] === 11 && data[i + 1] === 87 && data[i + 2] === 208) return true;
      return false;
    });
    const unlabelled = await page
      .locator('input:not([type=radio]):visible, textarea:visible')
      .evaluateAll((fields) =>
        fields.filter((f) => (f as unknown as { labels: unknown[] }).labels.length === 0).map((f) => f.id),
      );

    // revoke the first key
    await firstRow.getByRole('button', { name: 'Revoke key first' }).click();
    await page.locator('#status', { hasText: 'The key "first" is revoked' }).waitFor();
    const refused = await callApi(first);
    const stillWorks = await callApi(second);

    // Assess
    expect(afterVerify).toBe(dashboard); // the token left the address bar
    expect(first).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(second).not.toBe(first);
    expect(curl).toBe(
      `curl -H 'x-api-key: ${first}' '${apiBase()}/v1/meta/coordinates-lookup?term=paris&limit=3'`,
    );
    expect(call.status).toBe(200);
    expect(plotted).toEqual({ total: '1', today: '1' });
    expect(headers.slice(1)).toEqual([`first (${first.slice(0, 8)}…)`, `second (${second.slice(0, 8)}…)`]);
    expect(todayCells).toEqual(['1', '0']);
    expect(firstToday).toBe('1 / 10');
    expect(drawn).toBe(true);
    expect(unlabelled).toEqual([]);
    expect([refused.status, ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([
      401,
      'unauthorized',
    ]);
    expect(stillWorks.status).toBe(200);
    expect(await firstRow.locator('td').nth(5).textContent()).toBe('revoked');
    expect(await status(page)).toContain('revoked');
    expect(foreign).toEqual([]);
    expect(failures).toEqual([]);
    expect(existsSync(SCREENSHOT)).toBe(true);
  }, 90_000);
});
