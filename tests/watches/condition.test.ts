// What a check reads in an answer and when each condition holds (issue #38), on answers in chain_b rooms'
// shape: the lowest price of every rate, availability as stated, nothing invented where nothing is stated.
import { describe, expect, it } from '@jest/globals';
import { routes } from '../../shared/routes/index.ts';
import { holds, missingField, readValues, valuesAt } from '../../shared/watches/condition.ts';

const fields = routes.chainBHotelRooms.watch;
const answer = (status: string, totals: number[][]) => ({
  availability_status: status,
  room_types: totals.map((rates) => ({ rates: rates.map((total) => ({ total })) })),
});

describe('reading an answer', () => {
  it('takes the lowest price over every rate of every room type, and availability as stated', () => {
    expect(readValues(answer('AVAILABLE', [[320, 300], [280]]), fields)).toEqual({
      price: 280,
      available: true,
      rating: null,
    });
    expect(readValues(answer('UNAVAILABLE', []), fields)).toEqual({
      price: null,
      available: false,
      rating: null,
    });
    expect(readValues({}, fields)).toEqual({ price: null, available: null, rating: null });
    // A null availability states nothing: unknown, never unavailable.
    expect(readValues({ availability_status: null, room_types: [] }, fields).available).toBeNull();
    expect(valuesAt({ a: [{ b: 1 }, { b: 'x' }, {}] }, 'a[].b')).toEqual([1, 'x']);
  });
});

describe('conditions', () => {
  const v = (price: number | null, available: boolean | null = true) => ({ price, available, rating: null });

  it('price_at_or_under holds at or under the value, never on an unknown price', () => {
    const c = { type: 'price_at_or_under', value: 100 } as const;
    expect([
      holds(c, v(100), null, null),
      holds(c, v(101), null, null),
      holds(c, v(null), null, null),
    ]).toEqual([true, false, false]);
  });

  it('price_drop_pct measures from the first check', () => {
    const c = { type: 'price_drop_pct', value: 10 } as const;
    expect([
      holds(c, v(90), v(100), v(100)),
      holds(c, v(91), v(100), v(100)),
      holds(c, v(50), null, null),
    ]).toEqual([true, false, false]);
  });

  it('becomes_available holds when available; any_change when a followed value moved, never at the first check', () => {
    expect(holds({ type: 'becomes_available' }, v(null, true), null, null)).toBe(true);
    expect(holds({ type: 'becomes_available' }, v(null, false), null, null)).toBe(false);
    expect(holds({ type: 'any_change' }, v(100), null, null)).toBe(false);
    expect(holds({ type: 'any_change' }, v(100), v(100), v(100))).toBe(false);
    expect(holds({ type: 'any_change' }, v(100, false), v(100), v(100))).toBe(true);
  });

  it('names the field a condition needs that a route does not declare', () => {
    expect(missingField({ type: 'price_drop_pct', value: 5 }, { availability: 'x', ends: 'date' })).toBe(
      'price',
    );
    expect(missingField({ type: 'becomes_available' }, fields!)).toBeUndefined();
  });
});
