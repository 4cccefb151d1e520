// The dashboard as a newcomer meets it (issue #40), in real Chromium against `npm start`'s entry, at 390, 1024
// and 1440 px: links to the reference and the endpoint list; a long email wraps; a verified user opening the
// link again is told so; empty states for no keys and no requests; the new key's box closes on the next
// action; a rotation reads "replaced by …" with the carried count explained; the usage table's headers are
// whole or the table says it scrolls; a wrong password on "delete account" is said beside the form, in view
// and focused, before any irreversible confirmation. Screenshots: tests/artifacts/first-hour-<width>-*.png.
import { describe, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { useNpmStart } from '../helpers/npm-start.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const ARTIFACTS = resolve(ROOT, 'tests/artifacts');
const screenshot = (width: number, state: string) => resolve(ARTIFACTS, `first-hour-${width}-${state}.png`);
const PASSWORD = 'a long and memorable passphrase';

const app = useNpmStart('first-hour');

const apiBase = () => app.dashboard.replace(/\/dashboard$/, '');

/** The browser globals used inside Chromium (the project's Node typings carry no DOM). */
interface PageElement {
  scrollWidth: number;
  clientWidth: number;
  textContent: string | null;
  hidden: boolean;
  getBoundingClientRect(): { top: number; bottom: number };
  closest(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
}
declare const document: {
  documentElement: PageElement;
  activeElement: PageElement | null;
  getElementById(id: string): PageElement | null;
};
declare const window: { innerWidth: number; innerHeight: number };

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** The text of the keys table's cells in the row of the key whose prefix is given. */
async function rowOf(page: Page, prefix: string): Promise<string> {
  return page
    .locator('#keys-table tbody tr')
    .filter({ has: page.locator('td', { hasText: new RegExp(`^${prefix}…$`) }) })
    .innerText();
}

describe("the dashboard, a newcomer's first hour, in Chromium", () => {
  it.each([390, 1024, 1440])(
    'at %i px: answers where the person looks',
    async (width) => {
      // Prepare: a page, an account with a long email, signed in
      const context = await app.browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.accept();
      });
      const email = `a-rather-long-newcomer-address-for-width-${width}@subdomain.example-organisation.test`;
      await page.goto(app.dashboard);
      const links = await page
        .locator('header a')
        .evaluateAll((as) =>
          as.map((a) => (a as unknown as { getAttribute(n: string): string }).getAttribute('href')),
        );
      const signup = page.locator('#signup-form');
      await signup.getByLabel('Email').fill(email);
      await signup.getByLabel('Password').fill(PASSWORD);
      await signup.getByRole('button', { name: 'Sign up' }).click();
      await page.locator('#status', { hasText: 'verification link' }).waitFor();
      const sidewaysAfterSignup = await scrollsSideways(page);
      const link = await app.printed(
        new RegExp(`mail to ${email}: Verify[^\\n]*\\n\\s+open (\\S+#verify=\\S+)`),
      );
      await page.goto(link);
      await page.locator('#status', { hasText: 'Your email is verified' }).waitFor();
      const signin = page.locator('#signin-form');
      await signin.getByLabel('Email').fill(email);
      await signin.getByLabel('Password').fill(PASSWORD);
      await signin.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('#who', { hasText: email }).waitFor();
      const sidewaysSignedIn = await scrollsSideways(page);

      // Act and Assess, step by step: the verify link opened again, signed in
      await page.goto(link);
      await page.locator('#status', { hasText: 'verified already' }).waitFor();

      // empty states
      await page.locator('#keys-table td.empty').waitFor();
      const noKeys = await page.locator('#keys-table td.empty').innerText();
      const noRequests = await page.locator('#chart-summary').innerText();
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: screenshot(width, 'empty'), fullPage: true });

      // a key, then the next action closes its box
      await page.getByLabel("New key's name").fill('first');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.locator('#status', { hasText: 'Key "first" created' }).waitFor();
      const first = await page.getByLabel('Key', { exact: true }).inputValue();
      const boxAfterCreate = await page.locator('#new-key').isVisible();
      await page.getByRole('button', { name: 'Refresh usage' }).click();
      await page.locator('#status', { hasText: 'Usage refreshed' }).waitFor();
      const boxAfterNextAction = await page.locator('#new-key').isVisible();

      // one call with it, then a rotation: "replaced by", the carried count explained
      expect(
        (
          await fetch(`${apiBase()}/v1/meta/coordinates-lookup?term=paris`, {
            headers: { 'x-api-key': first },
          })
        ).status,
      ).toBe(200);
      await page.getByRole('button', { name: 'Refresh usage' }).click();
      await page.locator('#chart[data-today="1"]').waitFor();
      const oldPrefix = first.slice(0, 8);
      await page.getByRole('button', { name: 'Rotate key first' }).click();
      await page.locator('#status', { hasText: 'was replaced by' }).waitFor();
      const second = await page.getByLabel('Key', { exact: true }).inputValue();
      await page.locator('#keys-table tbody tr', { hasText: 'replaced by' }).waitFor();
      const oldRow = await page.locator('#keys-table tbody tr', { hasText: 'replaced by' }).innerText();
      const newRow = await rowOf(page, second.slice(0, 8));
      const chartToday = await page.locator('#chart').getAttribute('data-today');
      await page.screenshot({ path: screenshot(width, 'rotated'), fullPage: true });
      await page.locator('#keys-table').screenshot({ path: screenshot(width, 'rotated-keys') });

      // the usage table: every header whole, or a visible hint that it scrolls
      await page.locator('summary', { hasText: "The chart's numbers as a table" }).click();
      const usageTable = await page.evaluate(() => {
        const table = document.getElementById('usage-table')!;
        const wrap = table.closest('.table-wrap')!;
        const clipped = [...table.querySelectorAll('th')].filter(
          (th) => th.scrollWidth > th.clientWidth + 1,
        ).length;
        const scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
        return { clipped, scrolls, hint: !document.getElementById('usage-scroll-hint')!.hidden };
      });
      await page.screenshot({ path: screenshot(width, 'usage-table'), fullPage: true });

      // a wrong password on delete: said beside the form, in view and focused, and no confirmation asked
      const asked = dialogs.length;
      await page.getByLabel('Your password, to confirm').fill('not the password at all');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const error = page.locator('#delete-form .form-error', { hasText: 'The password is wrong' });
      await error.waitFor();
      const shown = await page.evaluate(() => {
        const el = document.activeElement;
        const box = el?.getBoundingClientRect();
        return {
          focused: !!el && (el as unknown as { className: string }).className === 'form-error',
          inView: !!box && box.top >= 0 && box.bottom <= window.innerHeight,
        };
      });
      const dialogsOnWrongPassword = dialogs.length - asked;
      await page.screenshot({ path: screenshot(width, 'delete-error') });
      await page.getByLabel('Your password, to confirm').fill(PASSWORD);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.locator('#status', { hasText: 'Your account and its keys are deleted' }).waitFor();
      const dialogsOnDelete = dialogs.length - asked;
      await context.close();

      expect(links).toEqual(expect.arrayContaining(['docs', './']));
      expect([sidewaysAfterSignup, sidewaysSignedIn]).toEqual([false, false]);
      expect(noKeys).toMatch(/No keys yet/);
      expect(noRequests).toMatch(/No requests in the last 30 days/);
      expect([boxAfterCreate, boxAfterNextAction]).toEqual([true, false]);
      expect(oldRow).toContain(`replaced by "first" (${second.slice(0, 8)}`);
      expect(oldRow).toContain(`${oldPrefix}…`);
      expect(newRow).toContain('1 / 10 (1 carried from the key it replaced)');
      expect(newRow).toContain('not yet (new key)');
      expect(chartToday).toBe('1');
      expect(usageTable.clipped).toBe(0);
      expect(usageTable.hint).toBe(usageTable.scrolls);
      expect(shown).toEqual({ focused: true, inView: true });
      expect(dialogsOnWrongPassword).toBe(0);
      expect(dialogsOnDelete).toBe(1);
    },
    120_000,
  );
});
