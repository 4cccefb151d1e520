// site_a rooms for a stay against the sandbox: each carrier of the dated page's blocks, sold out, the empty
// shell asked again, prices that add up and agree with search, and the addendum's errors.
import { describe, expect, it } from '@jest/globals';
import {
  areaUnit,
  carrierOf,
  emptyShell,
  roomTypes,
  type Carrier,
} from '../../infra/sandbox/sites/site-a-rooms.ts';
import { stayPrice } from '../../infra/sandbox/prices.ts';
import { getWorld, type Hotel } from '../../infra/sandbox/world.ts';
import { routes } from '../../shared/routes/index.ts';
import { type Drift, observeDrift } from '../../shared/extraction/tolerant.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer();

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const cityId = (h: Hotel) => String(-Number(h.city.placeId.split(':')[1]));
const stayOf = (checkIn: string, checkOut: string, rooms = 1) => ({
  checkIn,
  checkOut,
  adults: 2,
  children: 0,
  rooms,
  currency: 'EUR',
});

/** A stay of `nights` from `from` days ahead that the hotel prices (or sells out, `open` false), not a shell. */
function stayFor(h: Hotel, nights: number, open = true, from = 40): [string, string] {
  for (let d = from; d < from + 400; d++) {
    const [a, b] = [inDays(d), inDays(d + nights)];
    const priced = stayPrice(h, { checkIn: a, checkOut: b, adults: 2, currency: 'EUR' }) !== null;
    if (priced === open && !emptyShell(h, stayOf(a, b))) return [a, b];
  }
  throw new Error('no such stay');
}

const hotelWith = (carrier: Carrier) =>
  getWorld().hotels.find((h) => carrierOf(h) === carrier && h.stars >= 3)!;
const CARRIERS = {
  env: 'b_rooms_available_and_soldout',
  apollo: 'roomAvBlocks',
  table: 'hprt-table',
} as const;

type Block = { total: number | null; per_night: number | null; block_id: string };
type Room = { room_id: string; blocks: Block[] };

/** The contract's arithmetic on a rooms answer: total = per_night × nights × rooms (per-night to the cent), cheapest the lowest. */
function expectArithmetic(body: {
  rooms: Room[];
  cheapest: Block | null;
  search_params: { nights: number; rooms: number };
}) {
  const { nights, rooms } = body.search_params;
  const totals: number[] = [];
  for (const r of body.rooms)
    for (const b of r.blocks) {
      if (b.total === null || b.per_night === null) continue;
      // per_night is rounded to the cent: the product is off by at most half a cent a night and room.
      expect(Math.abs(b.total - b.per_night * nights * rooms)).toBeLessThanOrEqual(
        0.005 * nights * rooms + 0.01,
      );
      totals.push(b.total);
    }
  if (totals.length) expect(body.cheapest!.total).toBe(Math.min(...totals));
}

describe('GET /v1/site_a/hotel/rooms', () => {
  it.each(Object.entries(CARRIERS))(
    'reads the blocks of a page whose carrier is %s, and records which carrier answered',
    async (carrier, field) => {
      // Prepare
      const h = hotelWith(carrier as Carrier);
      const [checkIn, checkOut] = stayFor(h, 3);
      const seen: Drift[] = [];
      const stop = observeDrift((d) => seen.push(d));
      // Act
      const res = await api.get(
        `/v1/site_a/hotel/rooms?hotel_id=${h.ids.site_a}&check_in=${checkIn}&check_out=${checkOut}&rooms=2&currency=EUR`,
      );
      stop();
      // Assess
      expect(res.status).toBe(200);
      expectDocumented(routes.siteAHotelRooms, res.status, res.headers.get('content-type'), res.body);
      expect(res.body.sold_out).toBe(false);
      expect(res.body.search_params).toEqual({
        check_in: checkIn,
        check_out: checkOut,
        nights: 3,
        adults: 2,
        rooms: 2,
        children: 0,
        currency: 'EUR',
      });
      expect(res.body.rooms.map((r: Room) => r.room_id)).toEqual(roomTypes(h).map((r) => r.roomId));
      expect(res.body.rooms.every((r: Room) => r.blocks.length === 2)).toBe(true);
      expectArithmetic(res.body);
      // The catalogue's facts are there whatever the carrier.
      expect(res.body.rooms[0]).toMatchObject({ name: 'Standard Double Room', max_persons: 2 });
      expect(res.body.rooms[0].photos.length).toBeGreaterThan(0);
      // A fallback is counted as drift of each carrier before it; the structured one counts nothing.
      const carriers = seen.filter((d) => d.field.startsWith('rooms carrier ')).map((d) => d.field);
      // The structured carrier first: the cache's room cards, then the env literal, then the DOM table.
      const order: string[] = [CARRIERS.apollo, CARRIERS.env, CARRIERS.table];
      expect(carriers).toEqual(order.slice(0, order.indexOf(field)).map((c) => `rooms carrier ${c}`));
      if (carrier !== 'table') {
        // Whether these carriers' prices are a night or the stay is not on record: no price, no cheapest.
        expect(res.body.cheapest).toBeNull();
        expect(res.body.rooms[0].blocks[0]).toMatchObject({ total: null, per_night: null, currency: 'EUR' });
      } else expect(res.body.cheapest.total).toEqual(expect.any(Number));
      if (carrier !== 'apollo') {
        expect(res.body.rooms[0].blocks[0]).toMatchObject({
          meal_plan: carrier === 'env' ? 'room_only' : null,
          refundable: false,
        });
        expect(res.body.rooms[0].blocks[1]).toMatchObject({
          meal_plan: 'breakfast',
          refundable: true,
          pay_later: true,
        });
        if (carrier === 'table')
          expect(res.body.rooms[0].blocks[1].free_cancellation_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    },
  );

  it.each(['table'] as const)(
    'prices the cheapest block as search prices the same stay (%s carrier)',
    async (carrier) => {
      const h = hotelWith(carrier);
      const [checkIn, checkOut] = stayFor(h, 2);
      const stay = `check_in=${checkIn}&check_out=${checkOut}&rooms=2&currency=EUR`;
      const search = await api.get(`/v1/site_a/search?dest_id=${cityId(h)}&rows_per_page=100&${stay}`);
      const listed = search.body.hotels.find(
        (x: { hotel_id: string }) => x.hotel_id === String(h.ids.site_a),
      );
      const rooms = await api.get(`/v1/site_a/hotel/rooms?hotel_id=${h.ids.site_a}&${stay}`);
      expect(rooms.status).toBe(200);
      expect(Math.abs(rooms.body.cheapest.total - listed.price.amount)).toBeLessThanOrEqual(0.01);
      expect(
        rooms.body.rooms.find((r: Room) => r.room_id === rooms.body.cheapest.room_id).blocks[0]
          .taxes_included,
      ).toBe(listed.price.taxes_included);
    },
  );

  it.each(Object.keys(CARRIERS))(
    'answers a sold-out stay 200 with sold_out, the catalogue kept (%s carrier)',
    async (carrier) => {
      const h = hotelWith(carrier as Carrier);
      const [checkIn, checkOut] = stayFor(h, 3, false);
      const res = await api.get(
        `/v1/site_a/hotel/rooms?hotel_id=${h.ids.site_a}&check_in=${checkIn}&check_out=${checkOut}`,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ sold_out: true, cheapest: null });
      expect(res.body.rooms.length).toBe(roomTypes(h).length);
      expect(res.body.rooms.every((r: Room) => r.blocks.length === 0)).toBe(true);
    },
  );

  it.each(['SQUARE_METER', 'SQUARE_FEET'] as const)(
    'gives room sizes in square metres and photos as URLs on the image host (page in %s)',
    async (unit) => {
      // Prepare: a hotel whose page gives sizes in the unit; its room photos are paths, as real pages' are.
      const h = getWorld().hotels.find((x) => areaUnit(x) === unit && carrierOf(x) === 'table')!;
      const [checkIn, checkOut] = stayFor(h, 2);
      // Act
      const res = await api.get(
        `/v1/site_a/hotel/rooms?hotel_id=${h.ids.site_a}&check_in=${checkIn}&check_out=${checkOut}`,
      );
      // Assess: within a tenth of the square metres the sandbox's rooms have (feet are rounded to whole).
      expect(res.status).toBe(200);
      const sizes = res.body.rooms.map((r: { size_sqm: number }) => r.size_sqm);
      roomTypes(h).forEach((room, i) => expect(Math.abs(sizes[i] - room.sizeSqm)).toBeLessThanOrEqual(0.1));
      const photos: string[] = res.body.rooms.flatMap((r: { photos: string[] }) => r.photos);
      expect(photos.length).toBe(2 * roomTypes(h).length);
      for (const url of photos)
        expect(url).toMatch(/^https?:\/\/[^/]+(?:\/.*)?\/xdata\/images\/hotel\/max1024x768\/\d+\.jpg\?k=/);
      expect((await fetch(photos[0]!)).status).toBe(200);
    },
  );

  it('asks an empty shell once more with nocache=1', async () => {
    const h = hotelWith('env');
    let shell: [string, string] | undefined;
    for (let d = 40; !shell; d++) {
      const [a, b] = [inDays(d), inDays(d + 2)];
      if (
        emptyShell(h, stayOf(a, b)) &&
        stayPrice(h, { checkIn: a, checkOut: b, adults: 2, currency: 'EUR' })
      )
        shell = [a, b];
    }
    const res = await api.get(
      `/v1/site_a/hotel/rooms?hotel_id=${h.ids.site_a}&check_in=${shell[0]}&check_out=${shell[1]}&currency=EUR`,
    );
    expect(res.status).toBe(200);
    expect(res.body.sold_out).toBe(false);
    const pages = api.sandbox.requests('site_a').filter((r) => r.path.startsWith('/hotel/'));
    expect(pages).toHaveLength(2);
  });

  it('answers 502 for a page that carries no rooms however asked', async () => {
    const h = hotelWith('env');
    const [checkIn, checkOut] = stayFor(h, 2);
    api.sandbox.inject('site_a', { kind: 'layout' });
    const res = await api.get(
      `/v1/site_a/hotel/rooms?hotel_id=${h.ids.site_a}&check_in=${checkIn}&check_out=${checkOut}`,
    );
    expect([res.status, res.body.error_code]).toEqual([502, 'UPSTREAM_ERROR']);
  });

  // Each case changes a valid request (hotel 1007790, 40 to 42 days ahead; `Dn`: n days ahead); undefined
  // leaves a parameter out.
  const VALID = { hotel_id: '1007790', check_in: 'D40', check_out: 'D42' };
  it.each<[string, Record<string, string | undefined>, number, string]>([
    ['a malformed hotel_id', { hotel_id: 'abc' }, 400, 'INVALID_HOTEL_ID'],
    ['an unknown hotel', { hotel_id: '999999999' }, 404, 'HOTEL_NOT_FOUND'],
    ['no dates', { check_in: undefined, check_out: undefined }, 400, 'INVALID_PARAMETERS'],
    ['check_in alone', { check_out: undefined }, 400, 'INVALID_PARAMETERS'],
    ['a date not YYYY-MM-DD', { check_in: '10/06/2027' }, 400, 'INVALID_DATE_FORMAT'],
    ['a check-in in the past', { check_in: '2020-01-01' }, 400, 'PAST_DATES'],
    ['check-out before check-in', { check_in: 'D42', check_out: 'D40' }, 400, 'INVALID_DATES'],
    ['more than 30 nights', { check_out: 'D71' }, 400, 'INVALID_DATES'],
    ['a currency that is not ISO 4217', { currency: 'XYZ' }, 400, 'INVALID_CURRENCY'],
    ['ages that do not match children', { children: '2', children_ages: '4' }, 400, 'INVALID_PARAMETERS'],
  ])('answers %s with its documented error', async (_case, change, status, code) => {
    const query = Object.entries({ ...VALID, ...change }).flatMap(([name, value]): [string, string][] =>
      value === undefined ? [] : [[name, value.replace(/^D(\d+)$/, (_m, n: string) => inDays(Number(n)))]],
    );
    const res = await api.get(`/v1/site_a/hotel/rooms?${new URLSearchParams(query)}`);
    expect([res.status, res.body.error_code]).toEqual([status, code]);
    expectDocumented(routes.siteAHotelRooms, res.status, res.headers.get('content-type'), res.body);
  });
});
