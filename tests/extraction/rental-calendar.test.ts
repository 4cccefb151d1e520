// rental's calendar reader on fresh fixtures in §16's shape (PdpAvailabilityCalendar, 2026-09 web client):
// whole months with past days as the source gives them (unavailable, bookable null), no prices read, a
// null calendar for an unknown listing, one day without its date skipped and counted, and the stale-hash
// answers named as such.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CalendarAnswer, extractCalendar } from '../../shared/providers/rental/calendar.ts';
import { refusalOf } from '../../shared/providers/rental/graphql.ts';
import { conform } from '../../shared/extraction/conform.ts';
import { UpstreamError } from '../../shared/upstream/errors.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { fixtureJson, withDrift } from '../helpers/fixtures.ts';

const fixture = (name: string): unknown => fixtureJson('rental', name);
const read = (answer: unknown) => extractCalendar(conform('rental', CalendarAnswer, answer, 'the calendar'));

beforeAll(() =>
  useProviders({
    rental: { baseUrl: 'https://rental.example', operations: { pdp_availability_calendar: 'c'.repeat(64) } },
  }),
);
afterAll(() => useProviders({}));

describe('the calendar reader', () => {
  it('reads whole months from day 1, past days unavailable with bookable null, and the conditions', () => {
    // Act
    const months = read(fixture('calendar.json'))!;
    // Assess
    expect(months.map((m) => [m.month, m.days.length, m.days[0]!.date])).toEqual([
      ['2026-09', 30, '2026-09-01'],
      ['2026-10', 31, '2026-10-01'],
    ]);
    expect(months[0]!.days[0]).toEqual({
      date: '2026-09-01',
      available: false,
      available_for_checkin: false,
      available_for_checkout: false,
      bookable: null,
      min_nights: 2,
      max_nights: 1125,
    });
    expect(months[0]!.days[27]).toMatchObject({ date: '2026-09-28', available: true, bookable: true });
    expect(months[1]!.conditions).toEqual([
      {
        start_date: '2026-10-01',
        end_date: '2026-10-31',
        closed_to_arrival: false,
        closed_to_departure: false,
        min_nights: 2,
        max_nights: 1125,
      },
    ]);
    expect(JSON.stringify(months)).not.toMatch(/price/i);
  });

  it('reads a null calendar as no such listing', () => {
    expect(read(fixture('calendar-unknown-listing.json'))).toBeUndefined();
  });

  it('skips a day without its date and counts it; a day without its flags keeps them null, counted', () => {
    // Prepare
    const answer = fixture('calendar.json') as {
      data: {
        merlin: { pdpAvailabilityCalendar: { calendarMonths: { days: Record<string, unknown>[] }[] } };
      };
    };
    const days = answer.data.merlin.pdpAvailabilityCalendar.calendarMonths[1]!.days;
    delete days[3]!.calendarDate;
    delete days[4]!.available;
    delete days[4]!.minNights;
    // Act
    const { value: months, drift } = withDrift(() => read(answer)!);
    // Assess
    expect(months[1]!.days.length).toBe(30);
    expect(months[1]!.days.find((d) => d.date === '2026-10-05')).toMatchObject({
      available: null,
      min_nights: null,
    });
    expect(drift.map((d) => `${d.kind} ${d.field}`)).toEqual(
      expect.arrayContaining([
        'skipped data.merlin.pdpAvailabilityCalendar.calendarMonths[].days[]',
        'missing data.merlin.pdpAvailabilityCalendar.calendarMonths[].days[].available',
        'missing data.merlin.pdpAvailabilityCalendar.calendarMonths[].days[].minNights',
      ]),
    );
  });

  it('refuses an answer without a month, and a day whose availability is not a boolean', () => {
    // Prepare
    const empty = { data: { merlin: { pdpAvailabilityCalendar: { calendarMonths: [] } } } };
    const retyped = fixture('calendar.json') as {
      data: {
        merlin: { pdpAvailabilityCalendar: { calendarMonths: { days: Record<string, unknown>[] }[] } };
      };
    };
    retyped.data.merlin.pdpAvailabilityCalendar.calendarMonths[0]!.days[9]!.available = 'yes';
    // Act, Assess
    expect(() => read(empty)).toThrow(ExtractionError);
    expect(() => read(retyped)).toThrow(ExtractionError);
  });

  it.each([
    ['PersistedQueryNotFound (HTTP 200)', 200, fixture('persisted-query-not-found.json')],
    ['PersistedQueryNotFound (HTTP 422)', 422, fixture('persisted-query-not-found.json')],
  ])('names a stale hash answering %s: the setting to update, the drift counted', (_name, status, body) => {
    // Act
    const { value: refused, drift } = withDrift(() => refusalOf('PdpAvailabilityCalendar', status, body));
    // Assess
    expect(refused).toBeInstanceOf(ExtractionError);
    expect(refused!.message).toContain('operations.pdp_availability_calendar');
    expect(drift).toEqual([{ provider: 'rental', kind: 'missing', field: 'data', count: 1 }]);
  });

  it('reads a calendar answer as no refusal, and another GraphQL refusal as an upstream error', () => {
    expect(refusalOf('PdpAvailabilityCalendar', 200, fixture('calendar.json'))).toBeUndefined();
    expect(
      refusalOf('PdpAvailabilityCalendar', 200, { errors: [{ message: 'Internal error' }], data: null }),
    ).toBeInstanceOf(UpstreamError);
  });
});
