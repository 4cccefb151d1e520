// The accounts dashboard used as a person would, in real Chromium, against `npm start` itself (its entry, in
// a child process), at 390, 1024 and 1440 px: open the printed dashboard URL, sign up, verify the email with
// the link the process printed, sign in, see the tier and the next one, create two keys (the second by
// keyboard alone), run the page's own curl command and see the chart update by itself, revoke the key and see
// the API refuse it with 401, reset the password by the printed link, and delete the account. At every
// step: no sideways scroll, no control of the other state, every figure and action of the keys table in view
// (a table from 1024 px, a card per key narrower), the curl command whole; usage read again at most every
// 30 s, and not while the page is hidden. Screenshots at each width, signed out and signed in with two keys,
// are kept in tests/artifacts/. Chromium is the Debian package (`.ci/run` installs it).
import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { useNpmStart } from '../helpers/npm-start.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const ARTIFACTS = resolve(ROOT, 'tests/artifacts');
const screenshot = (width: number, state: string) => resolve(ARTIFACTS, `dashboard-${width}-${state}.png`);
const PASSWORD = 'a long and memorable passphrase';
const NEW_PASSWORD = 'another long passphrase to remember';

const app = useNpmStart('dashboard');

const apiBase = () => app.dashboard.replace(/\/dashboard$/, '');
const callApi = (key: string) =>
  fetch(`${apiBase()}/v1/meta/coordinates-lookup?term=paris&limit=3`, { headers: { 'x-api-key': key } });

/** The browser globals the layout check uses inside Chromium (the project's Node typings carry no DOM). */
interface PageBox {
  left: number;
  right: number;
  top: number;
}
interface PageElement {
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
  textContent: string | null;
  parentElement: PageElement | null;
  getClientRects(): { length: number };
  getBoundingClientRect(): PageBox;
  closest(selector: string): PageElement | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
}
declare const document: {
  documentElement: PageElement;
  dispatchEvent(event: unknown): boolean;
  getElementById(id: string): PageElement | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
};
declare const window: { innerWidth: number };
declare const Event: new (type: string) => unknown;
declare function getComputedStyle(element: PageElement): { visibility: string };

/** Layout faults at this moment: sideways scroll, a visible control of the other state, a key's figures or
 * actions cut off, the curl command cut off. */
async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) faults.push(`page scrolls sideways: ${root.scrollWidth}px`);
    const visible = (id: string) => {
      const el = document.getElementById(id);
      return !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const signedIn = visible('signed-in');
    if (signedIn && (visible('signup-form') || visible('signin-form')))
      faults.push('sign-up shown signed in');
    if (!signedIn && visible('signout')) faults.push('sign out shown signed out');
    const panel = document.querySelector('#keys-table')?.closest('.panel')?.getBoundingClientRect();
    const wrap = document.querySelector('#keys-table')?.parentElement;
    // The table fits its panel at every width (from 1024 px as a table, narrower as a card per key).
    if (wrap && wrap.scrollWidth > wrap.clientWidth)
      faults.push(`keys table scrolls: ${wrap.scrollWidth}px in ${wrap.clientWidth}px`);
    for (const row of document.querySelectorAll('#keys-table tbody tr')) {
      if (!panel) continue;
      for (const cell of row.querySelectorAll('th, td')) {
        const box = cell.getBoundingClientRect();
        if (box.left < panel.left || box.right > panel.right + 0.5)
          faults.push(`cell cut off: ${cell.textContent} in ${row.textContent}`);
      }
    }
    // Cards side by side start at one height.
    const cards = [...document.querySelectorAll('.cards > .card')]
      .filter((card) => card.getClientRects().length > 0)
      .map((card) => card.getBoundingClientRect());
    for (const [i, a] of cards.entries())
      for (const b of cards.slice(i + 1))
        if (a.right <= b.left && Math.abs(a.top - b.top) > 1)
          faults.push(`cards side by side at ${a.top}px and ${b.top}px`);
    const curl = document.getElementById('curl');
    if (curl && curl.getClientRects().length > 0 && curl.scrollHeight > curl.clientHeight + 1)
      faults.push(`curl command cut off: ${curl.scrollHeight}px in ${curl.clientHeight}px`);
    return faults;
  });
}

describe('the accounts dashboard, in Chromium', () => {
  it.each([390, 1024, 1440])(
    'at %i px: signs up, makes keys, sees its curl call in the chart by itself, revokes, resets the password, deletes the account',
    async (width) => {
      // Prepare: the page, every script and style from the service itself, the page's clock under control
      const email = `newcomer-${width}@example.test`;
      const context = await app.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.clock.install();
      const foreign: string[] = [];
      const failures: string[] = [];
      const faults: Record<string, string[]> = {};
      const check = async (step: string) => {
        const found = await layoutFaults(page);
        if (found.length) faults[step] = found;
      };
      page.on('request', (r) => {
        if (!r.url().startsWith(apiBase()) && !r.url().startsWith('data:')) foreign.push(r.url());
      });
      page.on('pageerror', (e) => failures.push(e.message));
      page.on('dialog', (dialog) => void dialog.accept());
      await page.goto(app.dashboard);
      await page.locator('#signup-form').waitFor();
      await check('signed out');
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: screenshot(width, 'signed-out'), fullPage: true });

      // Act: sign up, then open the link npm start printed
      const signup = page.locator('#signup-form');
      await signup.getByLabel('Email').fill(email);
      await signup.getByLabel('Password').fill(PASSWORD);
      await signup.getByRole('button', { name: 'Sign up' }).click();
      await page.locator('#status', { hasText: 'verification link' }).waitFor();
      const link = await app.printed(
        new RegExp(`mail to ${email}: Verify[^\\n]*\\n\\s+open (\\S+#verify=\\S+)`),
      );
      await page.goto(link);
      await page.locator('#status', { hasText: 'Your email is verified' }).waitFor();
      const afterVerify = page.url();

      // sign in
      const signin = page.locator('#signin-form');
      await signin.getByLabel('Email').fill(email);
      await signin.getByLabel('Password').fill(PASSWORD);
      await signin.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('#who', { hasText: email }).waitFor();
      const plan = `${await page.locator('#plan').textContent()} ${await page.locator('#next-plan').textContent()}`;
      await check('signed in');

      // two keys, the second by keyboard alone
      await page.getByLabel("New key's name").fill('first');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.locator('#status', { hasText: 'Key "first" created' }).waitFor();
      const first = await page.getByLabel('Key', { exact: true }).inputValue();
      const curl = await page.getByLabel('Try it with curl').inputValue();
      await page.getByLabel("New key's name").focus();
      await page.keyboard.type('a key with a rather long name');
      await page.keyboard.press('Enter');
      await page.locator('#status', { hasText: 'Key "a key with a rather long name" created' }).waitFor();
      await page.locator('#keys-table tbody tr').nth(1).waitFor();
      const second = await page.getByLabel('Key', { exact: true }).inputValue();
      await check('two keys');

      // the page's own curl command, run as a person would, then the chart updates by itself: not sooner than
      // 30 s after its last read, and not while the page is hidden
      let reads = 0;
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/account/activity') reads++;
      });
      const runCurl = async () =>
        (await promisify(execFile)('sh', ['-c', `${curl} -s -o /dev/null -w '%{http_code}'`])).stdout;
      const chart = page.locator('#chart');
      const before = await chart.getAttribute('data-today');
      const stdout = await runCurl();
      await page.clock.fastForward(20_000);
      const readsIn20s = reads;
      await page.clock.fastForward(11_000);
      await page.locator('#chart[data-today="1"]').waitFor();
      const plotted = {
        total: await chart.getAttribute('data-total'),
        today: await chart.getAttribute('data-today'),
      };
      // hidden (another tab in front): a second call shows only once the page is visible again
      const showPage = (state: 'hidden' | 'visible') =>
        page.evaluate((s) => {
          Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
          document.dispatchEvent(new Event('visibilitychange'));
        }, state);
      await showPage('hidden');
      const readsBeforeHidden = reads;
      await runCurl();
      await page.clock.fastForward(31_000);
      await page.clock.fastForward(31_000);
      const readsWhileHidden = reads - readsBeforeHidden;
      const todayWhileHidden = await chart.getAttribute('data-today');
      await showPage('visible');
      await page.locator('#chart[data-today="2"]').waitFor();
      const firstRow = page.locator('#keys-table tbody tr', {
        has: page.getByRole('rowheader', { name: 'first' }),
      });
      const firstToday = await firstRow.locator('td').nth(3).textContent();
      const unlabelled = await page
        .locator('input:not([type=radio]):visible, textarea:visible')
        .evaluateAll((fields) =>
          fields.filter((f) => (f as unknown as { labels: unknown[] }).labels.length === 0).map((f) => f.id),
        );
      await page.screenshot({ path: screenshot(width, 'keys'), fullPage: true });

      // revoke the first key: the API refuses it, the table keeps its names and actions in view
      await firstRow.getByRole('button', { name: 'Revoke key first' }).click();
      await page.locator('#status', { hasText: 'The key "first" is revoked' }).waitFor();
      const refused = await callApi(first);
      const stillWorks = await callApi(second);
      await check('after revoke');

      // sign out, reset the password by the printed link, sign in with the new one
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.locator('#status', { hasText: 'Signed out' }).waitFor();
      await check('signed out again');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.locator('#forgot-form').getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Mail me a reset link' }).click();
      await page.locator('#status', { hasText: 'set a new password' }).waitFor();
      const resetLink = await app.printed(
        new RegExp(`mail to ${email}: Set a new[^\\n]*\\n\\s+open (\\S+#reset=\\S+)`),
      );
      await page.goto(resetLink);
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Set the new password' }).click();
      await page.locator('#status', { hasText: 'Your new password is set' }).waitFor();
      await signin.getByLabel('Email').fill(email);
      await signin.getByLabel('Password').fill(NEW_PASSWORD);
      await signin.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('#who', { hasText: email }).waitFor();

      // delete the account: its remaining key stops, and the old password no longer signs in
      await page.getByLabel('Your password, to confirm').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.locator('#status', { hasText: 'Your account and its keys are deleted' }).waitFor();
      const afterDelete = await callApi(second);
      await signin.getByLabel('Email').fill(email);
      await signin.getByLabel('Password').fill(NEW_PASSWORD);
      await signin.getByRole('button', { name: 'Sign in' }).click();
      // The error shows beside the form that failed (issue #40).
      await page
        .locator('#signin-form .form-error', { hasText: 'The email or the password is wrong' })
        .waitFor();
      await check('deleted');
      await context.close();

      // Assess
      expect(afterVerify).toBe(app.dashboard); // the token left the address bar
      expect(plan).toContain('Free tier: 10 requests a UTC day per key');
      expect(plan).toContain('Basic gives 1,000 requests a day per key');
      expect(first).toMatch(/^[A-Za-z0-9]{40}$/);
      expect(second).not.toBe(first);
      expect(curl).toBe(
        `curl -H 'x-api-key: ${first}' '${apiBase()}/v1/meta/coordinates-lookup?term=paris&limit=3'`,
      );
      expect(stdout).toBe('200');
      expect(before).toBe('0');
      expect(readsIn20s).toBe(0);
      expect(plotted).toEqual({ total: '1', today: '1' });
      expect([readsWhileHidden, todayWhileHidden]).toEqual([0, '1']);
      expect(firstToday).toBe('2 / 10');
      expect(unlabelled).toEqual([]);
      expect([refused.status, ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([
        401,
        'unauthorized',
      ]);
      expect(stillWorks.status).toBe(200);
      expect(afterDelete.status).toBe(401);
      expect(faults).toEqual({});
      expect(foreign).toEqual([]);
      expect(failures).toEqual([]);
      expect(existsSync(screenshot(width, 'keys'))).toBe(true);
    },
    120_000,
  );
});
