// site_a rooms for a stay read from fresh fixtures in the real shapes of real-sources §16 (the cache's room
// table; the blocks in each carrier: the cache's room cards, the booking.env literal, the DOM room table),
// with invented values; a sold-out stay; prices that add up.
import { describe, expect, it } from '@jest/globals';
import {
  EnvRooms,
  RoomCatalogue,
  roomsOf,
  roomsPageOf,
  TableRows,
  type RoomsAsked,
} from '../../shared/providers/site-a/rooms.ts';
import { amountOf, tableIn } from '../../shared/providers/site-a/rooms-table.ts';
import { SiteARoom } from '../../shared/schemas/site-a-hotel.ts';
import { conform } from '../../shared/extraction/conform.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { recordCarrier } from '../../shared/providers/site-a/stay-rooms.ts';
import { fixtureText, withDrift } from '../helpers/fixtures.ts';
import { roomsPageSoldOut } from '../fixtures/site-a/pages.ts';

const fixture = (name: string) => fixtureText('site-a', name);
const IMAGES = 'https://images.site-a.test';
const asked: RoomsAsked = { nights: 3, rooms: 2, currency: 'EUR', imageBase: IMAGES };

/** A page's rooms, its parts read as the connector reads them. */
function readPage(html: string, a = asked) {
  const page = roomsPageOf(html);
  return roomsOf(
    {
      catalogue:
        page.catalogue === undefined ? undefined : conform('site_a', RoomCatalogue, page.catalogue, 'x'),
      env: page.env === undefined ? undefined : conform('site_a', EnvRooms, page.env, 'x'),
      table: page.table === undefined ? undefined : conform('site_a', TableRows, page.table, 'x'),
      tableNights: page.tableNights,
      noAvailability: page.noAvailability,
    },
    a,
  );
}

/** A fixture's rooms, read as `readPage` reads them. */
const read = (name: string, a = asked) => readPage(fixture(name), a);

const ROOM_IDS = ['441200901', '441200902', '441200904', '441200903'];

describe('the room catalogue', () => {
  it('reads the room cards through their references, with their data', () => {
    const { rooms } = read('rooms-env.html');
    for (const r of rooms) expect(SiteARoom.parse(r)).toEqual(r);
    expect(rooms.map((r) => r.room_id)).toEqual(ROOM_IDS);
    expect(rooms[0]).toMatchObject({
      name: 'Standard Double Room',
      size_sqm: 24,
      max_persons: 2,
      // Beds are named by type id only on the cards: not a text the contract can give.
      beds: null,
      facilities: ['Air conditioning', 'Private bathroom', 'Flat-screen TV', 'Free toiletries'],
    });
    expect(rooms[0]!.photos[0]).toMatch(
      /^https:\/\/images\.site-a\.test\/xdata\/images\/hotel\/max1024x768\//,
    );
  });

  it.each([
    // The page's own spelling: rooms-env.html says SQUARE_METER, its sizes in square metres.
    ['rooms-env.html', 'SQUARE_METER'],
    // rooms-apollo.html says SQUARE_FEET, its sizes in square feet (258 ft² is the 24 m² room).
    ['rooms-apollo.html', 'SQUARE_FEET'],
  ])('reads room sizes in square metres from %s (%s)', (name, unit) => {
    // Prepare
    const html = fixture(name);
    expect(html).toContain(`"areaMeasurementUnit":"${unit}"`);
    // Act
    const { rooms } = readPage(html);
    // Assess
    expect(rooms.map((r) => r.size_sqm)).toEqual([24, 30, 30, 48]);
  });

  it('sizes no room in a unit spelled as none on record, and counts the spelling', () => {
    // Prepare
    const html = fixture('rooms-env.html').replace(
      '"areaMeasurementUnit":"SQUARE_METER"',
      '"areaMeasurementUnit":"SQ_METRE"',
    );
    // Act
    const { value, drift } = withDrift(() => readPage(html));
    // Assess
    expect(value.rooms.map((r) => r.size_sqm)).toEqual([null, null, null, null]);
    expect(drift).toContainEqual(
      expect.objectContaining({ kind: 'missing', field: 'areaMeasurementUnit SQ_METRE', count: 1 }),
    );
  });

  it("makes the cards' photo paths URLs on the image host, as details does, and counts one it cannot", () => {
    // Prepare: the cards carry paths (`/xdata/images/hotel/…`), as real pages do.
    const html = fixture('rooms-env.html');
    expect(html).toMatch(/"photoUri":"\/xdata\/images\/hotel\/max1024x768\/\d+\.jpg\?k=/);
    // Act
    const withHost = readPage(html);
    const { value: withoutHost, drift } = withDrift(() => readPage(html, { ...asked, imageBase: undefined }));
    // Assess
    const photos = withHost.rooms.flatMap((r) => r.photos);
    expect(photos).toHaveLength(8);
    for (const url of photos)
      expect(url).toMatch(
        /^https:\/\/images\.site-a\.test\/xdata\/images\/hotel\/max1024x768\/\d+\.jpg\?k=\w+&o=$/,
      );
    expect(() => SiteARoom.parse(withHost.rooms[0])).not.toThrow();
    expect(withoutHost.rooms.flatMap((r) => r.photos)).toEqual([]);
    expect(drift).toContainEqual(
      expect.objectContaining({ kind: 'skipped', field: 'roomCards[].photos[]', count: 2 }),
    );
  });

  it('is refused by the response schema with a photo that is not an absolute http(s) URL', () => {
    const room = readPage(fixture('rooms-env.html')).rooms[0]!;
    for (const photo of ['/xdata/images/hotel/max1024x768/1.jpg?k=a', 'ftp://images.site-a.test/1.jpg'])
      expect(SiteARoom.safeParse({ ...room, photos: [photo] }).success).toBe(false);
  });
});

describe('each carrier of the blocks', () => {
  it('reads booking.env: no amounts, since whether its price is a night or the stay is not on record; null meal plan as room only', () => {
    const { rooms, carrier } = read('rooms-env.html');
    expect(carrier).toBe('b_rooms_available_and_soldout');
    const [plain, flexible] = rooms[0]!.blocks;
    expect(plain).toMatchObject({
      block_id: '441200901_340000_2_0_0',
      max_persons: 2,
      currency: 'EUR',
      meal_plan: 'room_only',
      refundable: false,
      pay_later: false,
      member_rate: false,
      rooms_left: null,
    });
    expect(flexible).toMatchObject({ meal_plan: 'breakfast', refundable: true, pay_later: true });
    // The literal carries a headline, a struck-through and an excluded amount; none is shown as a fact.
    for (const b of rooms.flatMap((r) => r.blocks))
      expect(b).toMatchObject({
        total: null,
        per_night: null,
        excluded_charges: null,
        strikethrough_total: null,
      });
  });

  it('reads the cache room cards: no price, since whether it is a night or the stay is not on record', () => {
    const { rooms, carrier } = read('rooms-apollo.html');
    expect(carrier).toBe('roomAvBlocks');
    expect(rooms[0]!.blocks[0]).toMatchObject({
      block_id: '441200901_340000_2_0_0',
      total: null,
      per_night: null,
      currency: 'EUR',
      max_persons: 2,
    });
    expect(rooms[0]!.blocks[1]).toMatchObject({ refundable: true, free_cancellation_until: '2031-02-27' });
  });

  it('reads the room table: texts of the price, conditions and rooms left', () => {
    const { rooms, carrier } = read('rooms-table.html');
    expect(carrier).toBe('hprt-table');
    expect(rooms.map((r) => r.room_id)).toEqual(ROOM_IDS);
    expect(rooms[0]).toMatchObject({ beds: '1 large double bed', name: 'Standard Double Room' });
    expect(rooms[0]!.blocks[1]).toMatchObject({
      meal_plan: 'breakfast',
      refundable: true,
      free_cancellation_until: '2031-02-27',
      pay_later: true,
      currency: 'EUR',
    });
    expect(rooms[1]!.blocks[1]).toMatchObject({ meal_plan: 'half_board', member_rate: true });
    // The price cell is the whole stay of one room: total for the 2 rooms asked, per_night one room one night.
    const plain = rooms[0]!.blocks[0]!;
    expect(plain.total).not.toBeNull();
    expect(plain.total! / 2 / 3).toBeCloseTo(plain.per_night!, 2);
  });

  it('prefers the priced room table to the env literal on a page carrying both, its drift only the cache', () => {
    // Prepare: the env page with the room table added, the same blocks in both.
    const html = fixture('rooms-env-and-table.html');
    // Act
    const { value: read, drift } = withDrift(() => {
      const rooms = readPage(html);
      recordCarrier(rooms);
      return rooms;
    });
    // Assess: the table's prices (EUR 957.54 the stay of one room; 2 rooms, 3 nights asked), not the env's nulls.
    expect([read.carrier, read.carriers]).toEqual([
      'hprt-table',
      ['b_rooms_available_and_soldout', 'hprt-table'],
    ]);
    expect(read.rooms.map((r) => r.room_id)).toEqual(ROOM_IDS);
    expect(read.rooms[0]!.blocks[0]).toMatchObject({
      block_id: '441200901_340000_2_0_0',
      total: 1915.08,
      per_night: 319.18,
      currency: 'EUR',
    });
    expect(read.rooms.flatMap((r) => r.blocks).every((b) => b.total !== null)).toBe(true);
    // The page lacks only the cache's blocks: the env it has is not counted missing.
    expect(drift.map((d) => d.field).filter((f) => f.startsWith('rooms carrier '))).toEqual([
      'rooms carrier roomAvBlocks',
    ]);
  });

  it('reads the price of a room table whose price element is a div (2026-07 layout)', () => {
    // Prepare: rooms-table-div.part.html, the price in <div class="prco-valign-middle-helper">.
    const html = fixture('rooms-table-div.html');
    // Act
    const { rooms, carrier } = readPage(html, { ...asked, rooms: 1 });
    // Assess: the price cell is the stay of one room (3 nights, 1 room asked); no code, so the asked currency.
    expect(carrier).toBe('hprt-table');
    expect(rooms[0]).toMatchObject({ room_id: '441200901', name: 'Standard Double Room', max_persons: 2 });
    expect(rooms[0]!.blocks[0]).toMatchObject({
      block_id: '441200901_340000_2_0_0',
      total: 1914,
      per_night: 638,
      currency: 'EUR',
      rooms_left: 4,
    });
    expect(rooms[1]!.blocks[0]).toMatchObject({ total: 2490, per_night: 830, rooms_left: 2 });
  });

  it('refuses a room table that prices another number of nights', () => {
    expect(() => read('rooms-table.html', { ...asked, nights: 4 })).toThrow(ExtractionError);
  });

  it('keeps the catalogue of a sold-out stay with no blocks', () => {
    const { rooms, carrier, soldOut } = readPage(roomsPageSoldOut());
    expect(carrier).toBe('b_rooms_available_and_soldout');
    expect(soldOut).toBe(true);
    expect(rooms.map((r) => r.room_id)).toEqual(ROOM_IDS);
    expect(rooms.every((r) => r.blocks.length === 0)).toBe(true);
  });

  it('reads a page whose only sign is its "no availability" alert as sold out, its catalogue kept', () => {
    // Prepare: no env rooms, no cached blocks, the cache's room table not sold out; the alert in their place.
    const html = fixture('rooms-no-availability.html');
    expect(html).toContain('"isSoldOut":false');
    // Act
    const { rooms, carrier, soldOut } = readPage(html);
    // Assess
    expect([carrier, soldOut]).toEqual([undefined, true]);
    expect(rooms.map((r) => r.room_id)).toEqual(ROOM_IDS);
    expect(rooms.every((r) => r.blocks.length === 0)).toBe(true);
  });

  it('does not read the alert as sold out beside a room table with blocks', () => {
    const html = fixture('rooms-table.html').replace(
      '<table id="hprt-table"',
      '<div id="no_availability_msg"></div><table id="hprt-table"',
    );
    const { carrier, soldOut } = readPage(html);
    expect([carrier, soldOut]).toEqual(['hprt-table', false]);
  });

  it('answers no carrier for a page with neither blocks nor a sold-out table (an empty shell)', () => {
    const shell = fixture('rooms-apollo.html').replace(/"roomAvBlocks":\[[^\]]*?\]\}/g, '"roomAvBlocks":[]}');
    const page = roomsPageOf(shell.replace(/"roomAvBlocks":\[.*?\](?=,"|\})/g, '"roomAvBlocks":[]'));
    const result = roomsOf({ catalogue: conform('site_a', RoomCatalogue, page.catalogue, 'x') }, asked);
    expect([result.carrier, result.soldOut]).toEqual([undefined, false]);
  });
});

describe('price texts', () => {
  it.each([
    ['EUR 1,234.56', 1234.56, 'EUR'],
    ['EUR\u00a0980', 980, 'EUR'],
    ['1.234,56 €', 1234.56, null],
    ['US$1,234', 1234, null],
    ['CHF 12.50', 12.5, 'CHF'],
  ])('reads %j', (text, amount, currency) => {
    expect(amountOf(text)).toEqual({ amount, currency });
  });

  it('fails on a price text without a number, never "no price"', () => {
    expect(() => amountOf('Price on request')).toThrow(ExtractionError);
  });

  it('reads the table header nights', () => {
    expect(tableIn(fixture('rooms-table.html'))?.nights).toBe(3);
  });
});
