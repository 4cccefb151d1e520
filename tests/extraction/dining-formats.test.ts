// dining's late-2026 formats (real-sources §15) and its search page, on fixtures written fresh with invented
// values: taken times as UnavailableSlot entries without an offset, noTimesReasons, the exact-time answer,
// and the server-rendered search page's state with entries missing optional parts and a placeholder.
import { beforeEach, describe, expect, it } from '@jest/globals';
import {
  AvailabilityAnswer,
  dayOf,
  extractAvailability,
  extractSlots,
  searchFromPage,
  toRestaurant,
} from '../../shared/providers/dining/extract.ts';
import { searchRequest, type SlotQuery } from '../../shared/providers/dining/requests.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { fixtureText, withDrift } from '../helpers/fixtures.ts';

const text = (name: string) => fixtureText('dining', name);
const answer = (name: string) => AvailabilityAnswer.parse(JSON.parse(text(name)));
const at = (preferredTime: string, restaurantId = 52740): SlotQuery => ({
  restaurantId,
  date: '2031-05-16',
  preferredTime,
  partySize: 2,
});

describe('taken times without an offset', () => {
  it('skips them and keeps the day: one unavailable slot never fails the answer', () => {
    expect(extractSlots(answer('availability-unavailable-slots.json'), at('19:30'))).toEqual([
      '19:00',
      '19:45',
      '20:30',
    ]);
  });

  it('records no drift for them: they are the source own shape for a taken time', () => {
    // Act
    const { drift: seen } = withDrift(() => answer('availability-unavailable-slots.json'));
    // Assess
    expect(seen.filter((d) => d.field.includes('slots'))).toEqual([]);
  });

  it('skips a bookable slot that lost its offset, and counts it', () => {
    // Prepare
    const body = JSON.parse(text('availability-unavailable-slots.json'));
    delete body.data.availability[1].availabilityDays[0].slots[1].timeOffsetMinutes;
    // Act
    const { value: slots, drift: seen } = withDrift(() =>
      extractSlots(AvailabilityAnswer.parse(body), at('19:30')),
    );
    // Assess
    expect(slots).toEqual(['19:45', '20:30']);
    expect(seen).toContainEqual(
      expect.objectContaining({
        provider: 'dining',
        kind: 'skipped',
        field: 'data.availability[].availabilityDays[].slots[]',
      }),
    );
  });

  it('fails on an offset that is there but not a number', () => {
    // Prepare
    const body = JSON.parse(text('availability-unavailable-slots.json'));
    body.data.availability[1].availabilityDays[0].slots[1].timeOffsetMinutes = '-30';
    // Act, Assess
    expect(AvailabilityAnswer.safeParse(body).success).toBe(false);
  });
});

describe('noTimesReasons', () => {
  it('reads why a day has no times', () => {
    expect(dayOf(answer('availability-no-times.json'), at('19:30'))).toEqual({
      minutes: [],
      noTimesReasons: ['NoTimesExist'],
    });
  });

  it("reads the other restaurant's reasons apart from the one asked for", () => {
    expect(dayOf(answer('availability-unavailable-slots.json'), at('19:30', 52741))).toEqual({
      minutes: [],
      noTimesReasons: ['NoTimesExist'],
    });
  });
});

describe('one exact time', () => {
  it('is available when a bookable slot sits at offset 0', () => {
    // Prepare: the answer with the asked time itself bookable
    const body = JSON.parse(text('availability-unavailable-slots.json'));
    body.data.availability[1].availabilityDays[0].slots.push({ isAvailable: true, timeOffsetMinutes: 0 });
    // Act, Assess
    expect(extractAvailability(AvailabilityAnswer.parse(body), at('19:30'))).toEqual({
      available: true,
      nearest: [],
      noTimesReasons: [],
    });
  });

  it('is not available between slots, with up to four nearest bookable times in order', () => {
    // Act: offsets are from the time asked, so the same answer read for 19:30 has 19:00, 19:45 and 20:30
    const result = extractAvailability(answer('availability-unavailable-slots.json'), at('19:30'));
    // Assess
    expect(result).toEqual({ available: false, nearest: ['19:00', '19:45', '20:30'], noTimesReasons: [] });
  });

  it('is not available, with no nearest times, on a day without times', () => {
    expect(extractAvailability(answer('availability-no-times.json'), at('19:30'))).toEqual({
      available: false,
      nearest: [],
      noTimesReasons: ['NoTimesExist'],
    });
  });

  it('keeps the four nearest of many, the earlier first on a tie', () => {
    // Prepare: slots every quarter hour from -60 to +60, but not at 0
    const slots = [-60, -45, -30, -15, 15, 30, 45, 60].map((o) => ({
      isAvailable: true,
      timeOffsetMinutes: o,
    }));
    const body = {
      data: { availability: [{ restaurantId: 52740, availabilityDays: [{ dayOffset: 0, slots }] }] },
    };
    // Act
    const result = extractAvailability(AvailabilityAnswer.parse(body), at('20:00'));
    // Assess
    expect(result?.nearest).toEqual(['19:30', '19:45', '20:15', '20:30']);
  });

  it('answers undefined when the source holds no restaurant at all', () => {
    expect(extractAvailability(answer('availability-unknown-restaurant.json'), at('19:30'))).toBeUndefined();
  });
});

describe('days without dayOffset (the research never shows one)', () => {
  it("reads the list's first day as the asked one, never skipping the day nor failing the answer", () => {
    // Act
    const slots = extractSlots(answer('availability-no-day-offset.json'), at('21:00', 52755));
    // Assess: the first day's two times, not the next day's 21:00
    expect(slots).toEqual(['20:15', '21:30']);
  });

  it.each([
    ['a placeholder day', { __typename: 'AvailabilityDay' }],
    ['a day without its slots', { __typename: 'AvailabilityDay', noTimesReasons: [] }],
  ])(
    "places each day where the source's list has it: %s first is an answer that lost the asked day (502)",
    (_case, first) => {
      // Prepare: the asked date's entry unreadable, the next day's (21:00 bookable) after it
      const body = JSON.parse(text('availability-no-day-offset.json'));
      const days = body.data.availability[0].availabilityDays;
      days.splice(0, 1, first);
      const alone = structuredClone(body);
      alone.data.availability[0].availabilityDays = [first];
      // Act, Assess: never the next day's 21:00 served as the asked date's, never "no times", also when
      // the asked day is all the answer lists (one day is asked for)
      expect(() => dayOf(AvailabilityAnswer.parse(body), at('21:00', 52755))).toThrow(ExtractionError);
      // (alone, a day without its slots fails the read itself: a list with nothing usable)
      expect(() => dayOf(AvailabilityAnswer.parse(alone), at('21:00', 52755))).toThrow();
    },
  );
});

describe('search page', () => {
  const ORIGIN = 'https://www.dining.test';

  it('reads the restaurants and the total from the page state, skipping the placeholder entry', () => {
    // Act
    const page = searchFromPage(text('search-page.html'));
    // Assess
    expect(page.total).toBe(63);
    expect(page.restaurants.map((r) => r.restaurantId)).toEqual([52740, 52741, 52742]);
  });

  it('maps a full entry to the contract', () => {
    // Act
    const first = toRestaurant(searchFromPage(text('search-page.html')).restaurants[0]!, ORIGIN);
    // Assess
    expect(first).toEqual({
      restaurant_id: 52740,
      name: 'The Salt House',
      cuisine: 'Seafood',
      price_band: 2,
      rating: 4.6,
      review_count: 1240,
      neighborhood: 'Harbour District',
      address: '12 Quay Street, Lorvane, 40117',
      latitude: 48.2102,
      longitude: 16.3721,
      phone: '+1 555 0142',
      photo_url: 'https://images.dining.test/v3/photos/52740-1',
      url: 'https://www.dining.test/r/the-salt-house-lorvane',
      features: { takeout: true, private_dining: false, online_ordering: true },
    });
  });

  it('reads an entry without its optional parts as nulls (no order link key: online ordering unknown), never as invented facts', () => {
    // Act
    const bare = toRestaurant(searchFromPage(text('search-page.html')).restaurants[1]!, ORIGIN);
    // Assess
    expect(bare).toMatchObject({
      restaurant_id: 52741,
      price_band: null,
      rating: null,
      review_count: null,
      neighborhood: null,
      address: null,
      phone: null,
      photo_url: null,
      features: { takeout: null, private_dining: null, online_ordering: null },
    });
  });

  /** The search page with its first restaurant changed by `edit` (the JSON state rewritten whole). */
  const pageWithFirst = (edit: (r: Record<string, unknown>) => void) => {
    const html = text('search-page.html');
    const [, before, json, after] =
      /^([\s\S]*id="primary-window-vars"[^>]*>)([\s\S]*?)(<\/script>[\s\S]*)$/.exec(html)!;
    const state = JSON.parse(json!);
    edit(state.windowVariables.__INITIAL_STATE__.multiSearch.restaurants[0]);
    return `${before}${JSON.stringify(state)}${after}`;
  };

  it.each([
    ['without coordinates', (r: Record<string, unknown>) => delete r.coordinates],
    ['with null coordinates', (r: Record<string, unknown>) => (r.coordinates = null)],
    [
      'with coordinates lacking the latitude',
      (r: Record<string, unknown>) => (r.coordinates = { longitude: 16.3 }),
    ],
  ])('keeps a restaurant %s, its place null (id and name identify it)', (_case, edit) => {
    // Prepare
    const html = pageWithFirst(edit);
    // Act
    const page = searchFromPage(html);
    const first = toRestaurant(page.restaurants[0]!, ORIGIN);
    // Assess
    expect(page.restaurants.map((r) => r.restaurantId)).toEqual([52740, 52741, 52742]);
    expect(first).toMatchObject({
      restaurant_id: 52740,
      name: 'The Salt House',
      latitude: null,
      longitude: null,
    });
  });

  it.each([
    ['a null link: the page says it has none', null, false],
    ['a link sent blank: unknown', '  ', null],
  ])('reads online ordering from %s', (_case, link, expected) => {
    // Prepare
    const html = pageWithFirst((r) => (r.orderOnlineLink = link));
    // Act
    const first = toRestaurant(searchFromPage(html).restaurants[0]!, ORIGIN);
    // Assess
    expect(first.features).toEqual({ takeout: true, private_dining: false, online_ordering: expected });
  });

  it.each([
    ['without the state script', (p: string) => p.replace('primary-window-vars', 'other-vars')],
    ['without the total', (p: string) => p.replace('"totalRestaurantCount": 63,', '')],
    ['with a name that is not text', (p: string) => p.replace('"name": "The Salt House"', '"name": 7')],
  ])('fails as an extraction error %s', (_case, change) => {
    expect(() => searchFromPage(change(text('search-page.html')))).toThrow(ExtractionError);
  });

  describe('request', () => {
    beforeEach(() => {
      useProviders({ dining: { baseUrl: 'https://www.dining.test', hosts: ['www.dining.test'] } });
    });

    it('asks the search page for the point, date and time, party and bands, the later pages by number', () => {
      // Act
      const first = searchRequest(
        {
          latitude: 48.21,
          longitude: 16.37,
          date: '2031-05-16',
          time: '19:30',
          partySize: 4,
          prices: [2, 3],
        },
        1,
      );
      const third = searchRequest(
        { latitude: 48.21, longitude: 16.37, date: '2031-05-16', time: '19:30', partySize: 4, prices: [] },
        3,
      );
      // Assess
      expect(first.method ?? 'GET').toBe('GET');
      expect(first.path).toBe('/s?priceBandIds%5B%5D=2&priceBandIds%5B%5D=3');
      expect(first.query).toMatchObject({
        dateTime: '2031-05-16T19:30:00',
        covers: 4,
        latitude: 48.21,
        longitude: 16.37,
        shouldUseLatLongSearch: 'true',
        page: undefined,
      });
      expect(third.path).toBe('/s');
      expect(third.query).toMatchObject({ page: 3 });
    });
  });
});
