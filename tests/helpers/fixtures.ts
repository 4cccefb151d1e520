/** The recorded answers under tests/fixtures/<token>/ and the drift a reader reports on them. */
import { readFileSync } from 'node:fs';
import { observeDrift, type Drift } from '../../shared/extraction/tolerant.ts';
import { DERIVED as DINING_PAGES } from '../fixtures/dining/pages.ts';
import { DERIVED as SITE_A_PAGES } from '../fixtures/site-a/pages.ts';

/** The pages each fixtures folder derives (its pages.ts), by the fixture name they stand for. */
const DERIVED: Record<string, Record<string, () => string>> = {
  dining: DINING_PAGES,
  'site-a': SITE_A_PAGES,
};

/**
 * A fixture's text: `token` is the fixtures folder (a source token with `-` for `_`); a page the folder
 * derives from its base page is built, so that a reader is handed it by name as it is handed a file.
 * @example fixtureText('site-a', 'hotel-page.html')
 */
export const fixtureText = (token: string, name: string): string =>
  DERIVED[token]?.[name]?.() ??
  readFileSync(new URL(`../fixtures/${token}/${name}`, import.meta.url), 'utf8');

/**
 * A fixture's JSON, parsed.
 * @example fixtureJson('chain-a', 'profile.json')
 */
export const fixtureJson = (token: string, name: string): unknown => JSON.parse(fixtureText(token, name));

/**
 * What `act` returns, with the drift it recorded.
 * @example const { value, drift } = withDrift(() => extractDetails(page, ORIGIN));
 */
export function withDrift<T>(act: () => T): { value: T; drift: Drift[] } {
  const drift: Drift[] = [];
  const stop = observeDrift((d) => drift.push(d));
  try {
    return { value: act(), drift };
  } finally {
    stop();
  }
}

/**
 * The drift a reader records for elements it skipped at `field`.
 * @example expect(drift).toContainEqual(skipped('chain_a', 'hotels[].hotelMnemonic', 1));
 */
export const skipped = (provider: Drift['provider'], field: string, count: number): Drift => ({
  provider,
  kind: 'skipped',
  field,
  count,
});
