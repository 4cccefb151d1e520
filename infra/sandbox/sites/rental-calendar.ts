/**
 * rental's availability calendar in its real format (`GET /api/v3/PdpAvailabilityCalendar/<sha256>`, the
 * web app's key and a known persisted-query hash, JSON `variables.request{count, listingId, month, year}`):
 * `data.merlin.pdpAvailabilityCalendar.calendarMonths[]` of whole months from day 1, each day with
 * `available`, `availableForCheckin`, `availableForCheckout`, `bookable` (null for past days), `minNights`,
 * `maxNights` and a `price.localPriceFormatted` that is always null (the anonymous key gets no prices), and
 * the month's `conditionRanges`. Past days come back unavailable. A night is available exactly when the
 * sections API prices a stay over it (the same `booked` weeks), so the calendar and pricing agree. A listing
 * the platform does not have answers a null calendar.
 */
import { hash } from '../random.ts';
import type { Route, SiteResponse } from '../site.ts';
import { todayUtc } from '../../../shared/dates.ts';
import {
  apiRefusal,
  booked,
  graphqlError,
  isoDay,
  json,
  listing,
  MAX_NIGHTS,
  MIN_NIGHTS,
} from './rental-world.ts';

/** The calendar's persisted-query hash this sandbox knows (handed out as provider configuration). */
export const CALENDAR_HASH = '5d0e7c1a9b3f4e2d8c6a0b1f9e7d5c3a2b4f6e8d0c1a3b5d7f9e2c4a6b8d0f1e';
/** The most months one request answers. */
export const MAX_CALENDAR_MONTHS = 12;
const DAY_MS = 86_400_000;

interface CalendarVariables {
  request?: { count?: number; listingId?: string; month?: number; year?: number };
}

/** One day of a listing's calendar, as the API writes it. */
function day(id: string, t: number, today: string) {
  const date = isoDay(t);
  const free = (d: string) => d >= today && !booked(id, d);
  const past = date < today;
  const available = free(date);
  return {
    __typename: 'MerlinCalendarDay',
    calendarDate: date,
    available,
    availableForCheckin: available,
    // A stay may end on a booked day: its last night is the one before.
    availableForCheckout: !past && free(isoDay(t - DAY_MS)),
    bookable: past ? null : available,
    minNights: MIN_NIGHTS,
    maxNights: MAX_NIGHTS,
    price: { __typename: 'MerlinCalendarDayPrice', localPriceFormatted: null },
  };
}

/** `count` whole months from `month`/`year` of listing `id`. */
function months(id: string, month: number, year: number, count: number) {
  const today = todayUtc();
  return Array.from({ length: count }, (_v, k) => {
    const first = Date.UTC(year, month - 1 + k, 1);
    const next = Date.UTC(year, month + k, 1);
    const days = [];
    for (let t = first; t < next; t += DAY_MS) days.push(day(id, t, today));
    const at = new Date(first);
    return {
      __typename: 'MerlinCalendarMonth',
      month: at.getUTCMonth() + 1,
      year: at.getUTCFullYear(),
      listingId: id,
      days,
      conditionRanges: [
        {
          __typename: 'MerlinCalendarConditionRange',
          startDate: isoDay(first),
          endDate: isoDay(next - DAY_MS),
          conditions: {
            __typename: 'MerlinCalendarConditions',
            closedToArrival: false,
            closedToDeparture: false,
            endDayOfWeek: null,
            minNights: MIN_NIGHTS,
            maxNights: MAX_NIGHTS,
          },
        },
      ],
    };
  });
}

/** The calendar route of the rental site. */
export const calendarRoute: Route = [
  'GET',
  /^\/api\/v3\/PdpAvailabilityCalendar\/([0-9a-f]{64})$/,
  ({ match, query, headers }): SiteResponse => {
    const refusal = apiRefusal(
      headers,
      query.get('operationName'),
      'PdpAvailabilityCalendar',
      [CALENDAR_HASH],
      match[1]!,
      query.get('extensions'),
    );
    if (refusal) return refusal;
    const r = json<CalendarVariables>(query.get('variables'))?.request;
    const count = r?.count ?? 0;
    if (
      !r?.listingId ||
      !/^\d+$/.test(r.listingId) ||
      !Number.isInteger(r.month) ||
      r.month! < 1 ||
      r.month! > 12 ||
      !Number.isInteger(r.year) ||
      !Number.isInteger(count) ||
      count < 1 ||
      count > MAX_CALENDAR_MONTHS
    )
      return graphqlError('Invalid variables', 'BAD_REQUEST');
    const traceId = hash(`${query.get('variables')}:${Date.now()}`).toString(16);
    const l = listing(r.listingId);
    const calendar = l
      ? {
          __typename: 'PdpAvailabilityCalendar',
          calendarMonths: months(l.id, r.month!, r.year!, count),
        }
      : null;
    return {
      status: 200,
      json: {
        data: { merlin: { __typename: 'MerlinQuery', pdpAvailabilityCalendar: calendar } },
        extensions: { traceId },
      },
    };
  },
];
