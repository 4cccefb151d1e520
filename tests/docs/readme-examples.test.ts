// Every curl of the README answers as the README says (issue #40): sent to the local server with a key, a
// GET answers 200, or the status its comment names (`# 400 …`, `# 409: …`); one with prices shows a price.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { useTestServer } from '../helpers/server.ts';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
/**
 * Each GET curl of the README to the local server: its path and query, and the status its comment says.
 * A URL with a placeholder (`wch_…`, an id the reader gets from an earlier answer) is no example to send.
 */
const CURLS = [
  ...README.matchAll(
    /^curl -s (?:-H ["']x-api-key: [^"']+["'] )?'?(http:\/\/127\.0\.0\.1:3000[^'\s]*)'?(.*)$/gm,
  ),
]
  .filter((m) => !m[1]!.includes('…'))
  .map((m) => ({
    path: m[1]!.replace('http://127.0.0.1:3000', '') || '/',
    status: Number(/# (\d{3})/.exec(m[2]!)?.[1] ?? 200),
  }));

const api = useTestServer({ resetEach: false });

/** How many numbers sit under a price-named field of an answer. */
const prices = (value: unknown, under = false): number =>
  Array.isArray(value)
    ? value.reduce((n: number, v) => n + prices(v, under), 0)
    : value && typeof value === 'object'
      ? Object.entries(value).reduce((n, [k, v]) => n + prices(v, under || /price|rates|amount/i.test(k)), 0)
      : typeof value === 'number' && under
        ? 1
        : 0;

describe('README examples', () => {
  it('has curls to check', () => {
    expect(CURLS.length).toBeGreaterThan(10);
  });

  it.each(CURLS)('$path answers $status', async ({ path, status }) => {
    const res = await api.get(path);
    expect(res.status).toBe(status);
    if (/\/(search|rooms|prices|pricing|info)\b/.test(path) && status === 200)
      expect(prices(res.body)).toBeGreaterThan(0);
  });
});
