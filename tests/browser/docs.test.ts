// The API reference at /docs, used as a person would, in real Chromium: open the page, authorise with a
// key, send one request with "Try it out", and see the 200 body. The screenshot of the answered request is
// kept in tests/artifacts/. Chromium is the Debian package (`.ci/run` installs it); without it this fails.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { KEYS, startTestServer, type TestServer } from '../helpers/server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = resolve(import.meta.dirname, '../artifacts');
const SCREENSHOT = resolve(ARTIFACTS, 'docs-try-it.png');

let api: TestServer;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`);
  api = await startTestServer();
  browser = await chromium.launch({ executablePath: CHROMIUM });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await api?.close();
});

describe('the API reference at /docs, in Chromium', () => {
  it('sends a request with the key through "Try it out" and shows the 200 body', async () => {
    // Prepare: the page, every script and style from the service itself
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(api.url) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    await page.goto(`${api.url}/docs`);
    await page.getByRole('button', { name: 'Authorize' }).first().click();
    await page.locator('.modal-ux input').first().fill(KEYS.pro);
    await page.locator('.modal-ux button.authorize').click();
    await page.locator('.modal-ux button.btn-done').click();
    const operation = page.locator('#operations-meta-coordinatesLookup');
    await operation.locator('.opblock-summary').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    // Act: the parameters come filled with the route's example
    await operation.getByRole('button', { name: 'Execute' }).click();
    const answer = operation.locator('.live-responses-table tbody .response-col_status');
    await answer.waitFor();
    await operation.locator('.live-responses-table tbody .response-col_description').scrollIntoViewIfNeeded();
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    // Assess
    expect((await answer.textContent())?.trim()).toBe('200');
    const body = JSON.parse(
      (await operation.locator('.live-responses-table .microlight').first().textContent())!,
    );
    expect(body).toMatchObject({ success: true, query: 'paris', locations: [{ country: 'FR' }, {}, {}] });
    expect(await operation.locator('.curl-command').textContent()).toContain(`x-api-key: ${KEYS.pro}`);
    expect(foreign).toEqual([]);
    expect(existsSync(SCREENSHOT)).toBe(true);
  }, 60_000);
});
