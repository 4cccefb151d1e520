/**
 * The rooms of a site_a hotel page (real-sources §16 site_a, rooms for dates): the room table's entries of
 * the page's Apollo cache (`roomTable(…)` → `RoomTableQueryResult`, its `RTRoomCard`s and `RoomData`), and,
 * on a page asked with dates, the bookable blocks in the carrier the hotel's page uses: the
 * `b_rooms_available_and_soldout` literal of `booking.env`, the room cards' `roomAvBlocks`, or the DOM room
 * table `#hprt-table`. About one dated render in six is an empty shell unless `nocache=1` is asked
 * (AeternaLabsHQ/pullmd issue #40). The standard room's cheapest block is search's price for the stay.
 */
import { esc } from '../html.ts';
import { stayPrice } from '../prices.ts';
import { hash } from '../random.ts';
import type { Hotel } from '../world.ts';
import { signPhoto } from './images.ts';

/** Room facilities: [id, group id, slug, label]. */
const ROOM_FACILITIES: [number, number, string, string][] = [
  [109, 4, 'air-conditioning', 'Air conditioning'],
  [38, 5, 'private-bathroom', 'Private bathroom'],
  [75, 4, 'flat-screen-tv', 'Flat-screen TV'],
  [9, 5, 'free-toiletries', 'Free toiletries'],
];

/** A facility's key in the cache. @example facilityKey([107, 1, 'free-wifi', 'Free WiFi']) // 'BaseFacility:{"id":107,…}' */
export const facilityKey = ([id, groupId, slug]: [number, number, string, string]) =>
  `BaseFacility:${JSON.stringify({ id, groupId, slug })}`;

/** A facility as the cache stores it, its label in its first instance. @example facilityObject(f).instances[0].title */
export function facilityObject([id, groupId, slug, label]: [number, number, string, string]) {
  return {
    __typename: 'BaseFacility',
    id,
    groupId,
    slug,
    instances: [{ __typename: 'Instance', title: label }],
  };
}

/** A hotel's room types: id, name, size, persons, bed, price factor. */
export interface RoomType {
  roomId: string;
  name: string;
  sizeSqm: number;
  maxPersons: number;
  bed: string;
  bedTypeId: number;
  factor: number;
}

/**
 * The room catalogue: the first room is the standard room search prices (its roomId is search's block's).
 * @example roomTypes(hotel)[0].name // 'Standard Double Room'
 */
export function roomTypes(h: Hotel): RoomType[] {
  const id = h.ids.site_a;
  const list: RoomType[] = [
    {
      roomId: `${id}01`,
      name: 'Standard Double Room',
      sizeSqm: 16 + h.stars * 2,
      maxPersons: 2,
      bed: '1 large double bed',
      bedTypeId: 2,
      factor: 1,
    },
    {
      roomId: `${id}02`,
      name: 'Superior Twin Room',
      sizeSqm: 22 + h.stars * 2,
      maxPersons: 3,
      bed: '2 single beds',
      bedTypeId: 1,
      factor: 1.3,
    },
    {
      roomId: `${id}03`,
      name: 'Family Suite',
      sizeSqm: 36 + h.stars * 3,
      maxPersons: 4,
      bed: '1 large double bed and 2 single beds',
      bedTypeId: 2,
      factor: 1.8,
    },
  ];
  if (h.stars >= 4)
    list.splice(2, 0, {
      roomId: `${id}04`,
      name: 'Deluxe King Room with City View',
      sizeSqm: 30,
      maxPersons: 2,
      bed: '1 extra-large double bed',
      bedTypeId: 3,
      factor: 1.5,
    });
  return list;
}

/** A stay as the dated page is asked for it. */
export interface PageStay {
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  rooms: number;
  currency: string;
}

/** One bookable block of a room for a stay: prices for the whole stay and ONE room. */
export interface StayBlock {
  room: RoomType;
  blockId: string;
  price: number;
  excluded: number;
  strikethrough: number | null;
  meal: 'room_only' | 'breakfast' | 'half_board';
  refundable: boolean;
  freeCancellationUntil: string | null;
  payLater: boolean;
  member: boolean;
  roomsLeft: number;
  maxPersons: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const dayBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The blocks a dated page offers, cheapest first per room; [] when the stay is sold out. The standard
 * room's non-refundable block is search's price for the same stay (divided among the rooms asked), taxes
 * left out where search leaves them out.
 * @example stayBlocks(hotel, stay)[0].price // search's price for the stay, per room
 */
export function stayBlocks(h: Hotel, stay: PageStay): StayBlock[] {
  const price = stayPrice(h, {
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    adults: stay.adults,
    children: stay.children,
    rooms: stay.rooms,
    currency: stay.currency,
  });
  if (!price) return [];
  // As search: about one listing in four shows its price before taxes.
  const excluded = hash(`taxes:${h.key}`) % 4 === 0;
  const oneRoom = (excluded ? price.baseTotal : price.total) / stay.rooms;
  const taxes = excluded ? price.taxes / stay.rooms : 0;
  return roomTypes(h).flatMap((room, i) => {
    const left = 1 + (hash(`left:${h.key}:${room.roomId}:${stay.checkIn}`) % 6);
    const base = {
      room,
      maxPersons: room.maxPersons,
      excluded: round2(taxes * room.factor),
      roomsLeft: left,
    };
    return [
      {
        ...base,
        blockId: `${room.roomId}_${340_000 + i}_${room.maxPersons}_0_0`,
        price: round2(oneRoom * room.factor),
        strikethrough: null,
        meal: 'room_only' as const,
        refundable: false,
        freeCancellationUntil: null,
        payLater: false,
        member: false,
      },
      {
        ...base,
        blockId: `${room.roomId}_${350_000 + i}_${room.maxPersons}_0_1`,
        price: round2(oneRoom * room.factor * 1.15),
        strikethrough: i === 0 ? round2(oneRoom * room.factor * 1.3) : null,
        meal: i % 2 ? ('half_board' as const) : ('breakfast' as const),
        refundable: true,
        freeCancellationUntil: dayBefore(stay.checkIn, 2),
        payLater: true,
        member: i === 1,
      },
    ];
  });
}

/**
 * Which carrier a hotel's dated page puts its blocks in: mostly the DOM table (the one carrier seen on
 * dated 2026 pages, real-sources §16), one hotel in twelve each the cache's room cards and the env literal.
 * @example carrierOf(hotel) // 'table'
 */
export type Carrier = 'env' | 'apollo' | 'table';
export function carrierOf(h: Hotel): Carrier {
  const n = hash(`carrier:${h.key}`) % 12;
  return n === 2 ? 'env' : n === 1 ? 'apollo' : 'table';
}

/** Whether a dated render without `nocache=1` comes back as an empty shell. @example emptyShell(hotel, stay) // false */
export const emptyShell = (h: Hotel, stay: PageStay) =>
  hash(`shell:${h.key}:${stay.checkIn}:${stay.checkOut}`) % 6 === 0;

const roomCardKey = (room: RoomType) => `RTRoomCard:${JSON.stringify({ roomId: room.roomId })}`;

/** Carrier 2: a block as the cache's room cards would hold it (modelled on FullSearch's blocks). */
function avBlock(b: StayBlock, currency: string) {
  const [roomId, policyGroupId, occupancy, packageId, mealPlanId] = b.blockId.split('_');
  return {
    __typename: 'RTRoomAvBlock',
    blockId: {
      __typename: 'BlockId',
      roomId,
      policyGroupId,
      occupancy: Number(occupancy),
      packageId,
      mealPlanId,
      bundleId: null,
    },
    finalPrice: { __typename: 'Price', amount: b.price, currency },
    originalPrice:
      b.strikethrough === null ? null : { __typename: 'Price', amount: b.strikethrough, currency },
    freeCancellationUntil: b.freeCancellationUntil,
    onlyXLeftMessage: b.roomsLeft <= 3 ? `Only ${b.roomsLeft} left on our site` : null,
  };
}

/**
 * The unit a hotel's room sizes are in, spelled as real pages spell it (of the 38 saved pages of research
 * §16, 18 say SQUARE_METER and 20 SQUARE_FEET).
 * @example areaUnit(hotel) // 'SQUARE_FEET'
 */
export const areaUnit = (h: Hotel) =>
  hash(`area:${h.key}`) % 2 ? ('SQUARE_FEET' as const) : ('SQUARE_METER' as const);
const SQFT_PER_SQM = 1 / 0.092903;
const sizeIn = (h: Hotel, sqm: number) =>
  areaUnit(h) === 'SQUARE_FEET' ? Math.round(sqm * SQFT_PER_SQM) : sqm;

/**
 * The room table's entries of the Apollo cache: the result (sold out when the stay has no block), its room
 * cards (with their blocks where the hotel's carrier is the cache) and the rooms' data. Room photos are
 * paths on the image host, as real pages give them.
 * @example roomTableEntries(hotel, stay)['RoomTableQueryResult:{}']
 */
export function roomTableEntries(h: Hotel, stay?: PageStay): Record<string, unknown> {
  const id = h.ids.site_a;
  const withoutStars = h.stars <= 2;
  const rooms = roomTypes(h);
  const blocks = stay && carrierOf(h) === 'apollo' ? stayBlocks(h, stay) : [];
  const store: Record<string, unknown> = {
    'RoomTableQueryResult:{}': {
      __typename: 'RoomTableQueryResult',
      hotelId: id,
      propertyName: h.name,
      // Whether a dated 2026 page's cache says it is not on record: the table carrier's pages (modelled on
      // the 2026 snapshots) say it by their availability alert alone, the others by both.
      isSoldOut: Boolean(stay) && carrierOf(h) !== 'table' && soldOut(h, stay!),
      stars: withoutStars ? 0 : h.stars,
      areaMeasurementUnit: areaUnit(h),
      mealPlans: [],
      breakfastType: 'CONTINENTAL',
      roomCards: rooms.map((room) => ({ __ref: roomCardKey(room) })),
    },
  };
  for (const f of ROOM_FACILITIES) store[facilityKey(f)] = facilityObject(f);
  for (const room of rooms) {
    store[roomCardKey(room)] = {
      __typename: 'RTRoomCard',
      roomId: room.roomId,
      roomTypeId: room.bedTypeId === 1 ? 10 : 9,
      name: room.name,
      description: `A ${room.sizeSqm} m² room with ${room.bed}.`,
      roomSize: sizeIn(h, room.sizeSqm),
      occupancy: {
        __typename: 'RTOccupancy',
        maxPersons: room.maxPersons,
        maxChildren: room.maxPersons - 1,
        maxGuests: room.maxPersons,
      },
      bedConfigurations: [
        {
          __typename: 'BedConfiguration',
          beds: [{ __typename: 'Bed', count: 1, bedTypeId: room.bedTypeId }],
        },
      ],
      facilities: ROOM_FACILITIES.map((f) => f[0]),
      categorizedFacilities: [],
      photos: [0, 1].map((n) => {
        const p = String(100_000_000 + h.ids.site_a * 97 + 1 + n + rooms.indexOf(room) * 2);
        return {
          __typename: 'RTRoomPhoto',
          photoUri: `/xdata/images/hotel/max1024x768/${p}.jpg?k=${signPhoto(p)}&o=`,
          thumbnailUri: `/xdata/images/hotel/square60/${p}.jpg?k=${signPhoto(p)}&o=`,
        };
      }),
      isSmoking: false,
      roomAvBlocks: blocks
        .filter((b) => b.room.roomId === room.roomId)
        .map((b) => avBlock(b, stay!.currency)),
    };
    store[`RoomData:${JSON.stringify({ id: room.roomId })}`] = {
      __typename: 'RoomData',
      id: room.roomId,
      translations: { __typename: 'RoomTranslations', name: room.name },
      amenities: ROOM_FACILITIES.map((f) => ({ __ref: facilityKey(f) })),
      roomPhotos: [],
    };
  }
  return store;
}

/** Every block of the stay, whatever the carrier. */
const blocksFor = (h: Hotel, stay: PageStay) => stayBlocks(h, stay);

const numberText = (n: number) =>
  n.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Carrier 1: `b_rooms_available_and_soldout` (and `b_all_rooms`) as `booking.env` lines, JavaScript.
 * @example envRooms(hotel, stay) // "  b_rooms_available_and_soldout: [{b_id: 100000601, …"
 */
export function envRooms(h: Hotel, stay: PageStay): string {
  const blocks = blocksFor(h, stay);
  const rooms = roomTypes(h).map((room) => {
    const own = blocks.filter((b) => b.room.roomId === room.roomId);
    const list = own.map(
      (b) =>
        `{b_block_id: '${b.blockId}', b_raw_price: '${(b.price / Math.max(1, nightsIn(stay))).toFixed(2)}', b_price: '${stay.currency} ${numberText(b.price)}', ` +
        `b_max_persons: ${b.maxPersons}, b_nr_stays: ${nightsIn(stay)}, b_mealplan_included_name: ${b.meal === 'room_only' ? 'null' : `'${b.meal}'`}, ` +
        `b_cancellation_type: '${b.refundable ? 'free_cancellation' : 'non_refundable'}', b_rate_is_genius: ${b.member ? 1 : 0}, b_book_now_pay_later: ${b.payLater ? 1 : 0}, ` +
        `b_stay_prices: [{b_stays: ${nightsIn(stay)}, b_raw_price: '${b.price.toFixed(2)}'}], ` +
        `b_price_breakdown_simplified: {b_headline_price_amount: ${b.price}, b_strikethrough_price_amount: ${b.strikethrough ?? 'null'}, b_excluded_charges_amount: ${b.excluded}, b_tax_exception: null}}`,
    );
    return `{b_id: ${room.roomId}, b_name: '${room.name}', b_roomtype_id: ${room.bedTypeId === 1 ? 10 : 9}, b_has_room_inventory: ${own.length ? 1 : 0}, b_blocks: [${list.join(', ')}]}`;
  });
  const cheapest = blocks.length ? Math.min(...blocks.map((b) => b.price)) : 0;
  return (
    `  b_rooms_available_and_soldout: [${rooms.join(',\n    ')}],\n` +
    `  b_cheapest_price_eur: ${cheapest},\n` +
    `  b_all_rooms: [${roomTypes(h)
      .map((r) => `{b_id: ${r.roomId}, b_name: '${r.name}'}`)
      .join(', ')}],\n`
  );
}

const nightsIn = (stay: PageStay) =>
  Math.round(
    (Date.parse(`${stay.checkOut}T00:00:00Z`) - Date.parse(`${stay.checkIn}T00:00:00Z`)) / 86_400_000,
  );

const MEAL_TEXT = {
  room_only: '',
  breakfast: 'Breakfast included',
  half_board: 'Breakfast & dinner included',
};
/** A date as the page writes it: `long` "27 February 2031", else "Thu 27 Feb 2031". */
const dateText = (d: string, long = true) =>
  new Date(`${d}T00:00:00Z`)
    .toLocaleDateString('en-GB', {
      ...(long ? {} : { weekday: 'short' }),
      day: 'numeric',
      month: long ? 'long' : 'short',
      year: 'numeric',
      timeZone: 'UTC',
    })
    .replace(',', '');

/**
 * Carrier 3: the DOM room table, one row per block, the room's cell spanning its rows.
 * @example roomTableHtml(hotel, stay) // '<table id="hprt-table" …'
 */
export function roomTableHtml(h: Hotel, stay: PageStay): string {
  const blocks = blocksFor(h, stay);
  const rows: string[] = [];
  for (const room of roomTypes(h)) {
    const own = blocks.filter((b) => b.room.roomId === room.roomId);
    own.forEach((b, i) => {
      const conditions = [
        MEAL_TEXT[b.meal],
        b.refundable ? `Free cancellation before ${dateText(b.freeCancellationUntil!)}` : 'Non-refundable',
        b.payLater ? 'No prepayment needed – pay at the property' : '',
        b.member ? 'Genius discount available' : '',
      ].filter(Boolean);
      rows.push(
        `<tr data-block-id="${b.blockId}" class="hprt-table-row js-rt-block-row">\n` +
          (i === 0
            ? `<td class="hprt-table-cell-roomtype droom_seperator" rowspan="${own.length}"><a class="hprt-roomtype-link" data-room-id="${room.roomId}" href="#RD${room.roomId}"><span class="hprt-roomtype-icon-link">${esc(room.name)}</span></a><div class="hprt-roomtype-bed"><span>${esc(room.bed)}</span></div></td>\n`
            : '') +
          `<td class="hprt-table-cell-occupancy"><span class="bui-u-sr-only">Max persons: ${b.maxPersons}</span></td>\n` +
          `<td class="hprt-table-cell-price"><div data-testid="price-and-discounted-price">` +
          (b.strikethrough === null
            ? ''
            : `<s class="bui-price-display__original">${stay.currency}&nbsp;${numberText(b.strikethrough)}</s> `) +
          `<span class="prco-valign-middle-helper">${stay.currency}&nbsp;${numberText(b.price)}</span></div>` +
          `<div class="prd-taxes-and-fees-under-price">${b.excluded > 0 ? `+${stay.currency}&nbsp;${numberText(b.excluded)} taxes and charges` : 'Includes taxes and charges'}</div></td>\n` +
          `<td class="hprt-table-cell-conditions"><ul>${conditions.map((c) => `<li class="bui-list__item">${esc(c)}</li>`).join('')}</ul></td>\n` +
          `<td class="hprt-table-room-select">${b.roomsLeft <= 3 ? `<span class="only_x_left">We have ${b.roomsLeft} left</span>` : ''}</td>\n</tr>\n`,
      );
    });
  }
  return (
    `<table id="hprt-table" class="hprt-table">\n<thead><tr><th>Room type</th><th>Number of guests</th>` +
    `<th class="hprt-table-header-price">Price for ${nightsIn(stay)} nights</th><th>Your choices</th><th>Select rooms</th></tr></thead>\n<tbody>\n${rows.join('')}</tbody>\n</table>\n`
  );
}

/**
 * Whether the stay has no block at all: the page then shows its "no availability" alert instead of the
 * room table (the 2026-07 snapshots of sold-out stays carry it).
 * @example soldOut(hotel, stay) // false
 */
export const soldOut = (h: Hotel, stay: PageStay) => blocksFor(h, stay).length === 0;

/**
 * The availability area's alert of a sold-out stay, `#no_availability_msg`.
 * @example noAvailabilityHtml(stay) // '<div id="available_rooms"><div id="no_availability_msg" …'
 */
export function noAvailabilityHtml(stay: PageStay): string {
  return (
    `<div id="available_rooms">\n<div id="no_availability_msg" class="highlight_msg no_availability_msg_light">` +
    `<div class="bui-alert bui-alert--error bui-alert--large" role="status"><div class="bui-alert__description">` +
    `<span class="bui-alert__title">We have no availability here between ${dateText(stay.checkIn, false)} and ${dateText(stay.checkOut, false)}</span>` +
    `<p class="bui-alert__text">Select different dates to see more availability</p></div></div></div>\n</div>\n`
  );
}
