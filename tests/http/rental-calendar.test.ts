// rental's availability calendar through the API and the sandbox: whole months from day 1, past days as
// the source gives them, no prices, the calendar agreeing with pricing, ids above 2^53 kept digit for digit,
// the documented errors and the stale-hash answer.
import { afterEach, describe, expect, it } from '@jest/globals';
import { RentalCalendarResponse } from '../../functions/rental/calendar.ts';
import { FIRST_RECENT_LISTING_ID } from '../../infra/sandbox/sites/rental.ts';
import { parseExact } from '../../shared/json.ts';
import { todayUtc } from '../../shared/schemas/params.ts';
import { observeDrift } from '../../shared/extraction/tolerant.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer, withOperations } from '../helpers/server.ts';
import { routes } from '../../shared/routes/index.ts';

const api = useTestServer();
afterEach(() => useProviders(api.sandbox.providers()));

const BIG = FIRST_RECENT_LISTING_ID;
const calendar = (id: string, query: Record<string, string> = {}) =>
  api.get(`/v1/rental/listing/${id}/calendar?${new URLSearchParams(query)}`);
interface Day {
  date: string;
  available: boolean | null;
  available_for_checkin: boolean | null;
  available_for_checkout: boolean | null;
  bookable: boolean | null;
}
const daysOf = (body: { months: { days: Day[] }[] }) => body.months.flatMap((m) => m.days);
const monthAfter = (n: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 1)).toISOString().slice(0, 7);
};

describe('GET /v1/rental/listing/{listing_id}/calendar', () => {
  it('answers whole months from day 1, past days unavailable with bookable null, and no prices', async () => {
    // Act
    const res = await calendar(BIG, { months: '3' });
    // Assess
    expect(res.status).toBe(200);
    const body = RentalCalendarResponse.strict().parse(parseExact(res.text));
    expect(res.text).toContain(`"listing_id":${BIG}`);
    expect(body.start_month).toBe(monthAfter(0));
    expect(body.months.map((m) => m.month)).toEqual([monthAfter(0), monthAfter(1), monthAfter(2)]);
    for (const m of body.months) {
      expect(m.days[0]!.date).toBe(`${m.month}-01`);
      const last = new Date(Date.UTC(Number(m.month.slice(0, 4)), Number(m.month.slice(5)), 0));
      expect(m.days.length).toBe(last.getUTCDate());
      expect(m.conditions.length).toBeGreaterThan(0);
    }
    const today = todayUtc();
    for (const d of daysOf(body).filter((x) => x.date < today))
      expect([d.available, d.available_for_checkin, d.bookable]).toEqual([false, false, null]);
    const future = daysOf(body).filter((x) => x.date >= today);
    expect(future.some((d) => d.available === true)).toBe(true);
    expect(future.some((d) => d.available === false)).toBe(true);
    expect(body.summary.available_days).toBe(daysOf(body).filter((d) => d.available).length);
    expect(body.summary.first_available_date).toBe(future.find((d) => d.available)!.date);
    expect(res.text).not.toMatch(/price/i);
  });

  it('agrees with pricing: a stay the calendar shows available is priced, one it shows unavailable is refused', async () => {
    // Prepare
    const res = await calendar(BIG, { months: '3' });
    const future = daysOf(res.body as { months: { days: Day[] }[] }).filter((d) => d.date > todayUtc());
    const free = future.findIndex((d, i) => [0, 1, 2].every((k) => future[i + k]?.available === true));
    const taken = future.findIndex((d) => d.available === false);
    const stayFrom = (i: number) => ({ check_in: future[i]!.date, check_out: future[i + 3]!.date });
    // Act
    const priced = await api.get(
      `/v1/rental/listing/${BIG}/pricing?${new URLSearchParams({ ...stayFrom(free), adults: '1' })}`,
    );
    const refused = await api.get(
      `/v1/rental/listing/${BIG}/pricing?${new URLSearchParams({ ...stayFrom(taken), adults: '1' })}`,
    );
    // Assess
    expect(free).toBeGreaterThanOrEqual(0);
    expect(taken).toBeGreaterThanOrEqual(0);
    expect(future[free + 3]!.available_for_checkout).toBe(true);
    expect(priced.status).toBe(200);
    expect([refused.status, refused.body.error_code]).toEqual([422, 'DATES_UNAVAILABLE']);
  });

  it.each([
    ['a listing_id that is not a number', 400, 'INVALID_LISTING_ID', 'abc', {}],
    ['an unknown listing', 404, 'LISTING_NOT_FOUND', '99', {}],
    ['a start_month not YYYY-MM', 400, 'INVALID_DATE_FORMAT', BIG, { start_month: '2030-6' }],
    ['a start_month of month 13', 400, 'INVALID_DATE_FORMAT', BIG, { start_month: '2030-13' }],
    ['a start_month before the current month', 400, 'PAST_DATES', BIG, { start_month: '2020-01' }],
    [
      'a start_month more than 12 months ahead',
      400,
      'INVALID_PARAMETERS',
      BIG,
      { start_month: monthAfter(13) },
    ],
    ['months of 13', 400, 'INVALID_PARAMETERS', BIG, { months: '13' }],
    ['months of 0', 400, 'INVALID_PARAMETERS', BIG, { months: '0' }],
  ] as const)('answers %s with %i %s', async (_name, status, code, id, query) => {
    // Act
    const res = await calendar(id, query as Record<string, string>);
    // Assess
    expect([res.status, res.body.error_code]).toEqual([status, code]);
    expectDocumented(routes.rentalCalendar, res.status, res.headers.get('content-type'), res.body);
  });

  it('starts where start_month says, up to 12 months after the current month', async () => {
    // Act
    const res = await calendar('40000001', { start_month: monthAfter(12), months: '1' });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.months.map((m: { month: string }) => m.month)).toEqual([monthAfter(12)]);
    expect(res.body.summary.available_days).toBeGreaterThan(0);
  });

  it('answers an unknown persisted query as a 502 naming the setting, with the drift counted', async () => {
    // Prepare
    withOperations(api, 'rental', { pdp_availability_calendar: 'f'.repeat(64) });
    const drift: string[] = [];
    const stop = observeDrift((d) => void (d.provider === 'rental' && drift.push(d.field)));
    // Act
    const res = await calendar(BIG).finally(stop);
    // Assess
    expect([res.status, res.body.error_code]).toEqual([502, 'UPSTREAM_ERROR']);
    expect(res.body.detail).toContain('operations.pdp_availability_calendar');
    expect(drift).toContain('data');
  });
});
