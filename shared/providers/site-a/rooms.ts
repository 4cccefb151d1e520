/**
 * A site_a hotel's rooms and bookable blocks for a stay, from the page asked with the stay (real-sources
 * §16 site_a, rooms for dates). The catalogue is the Apollo cache's room table (`RTRoomCard`s, `RoomData`);
 * the dated blocks come from the DOM table when the page has it, the one carrier that shows prices, else
 * from whichever of the other two it has, the structured one first (§16 numbers them 2, 1, 3):
 * - the room cards' `roomAvBlocks` in the cache (§16's carrier 2; fields modelled on FullSearch's blocks;
 *   whether `finalPrice` is a night or the stay is not on record, so their prices are null);
 * - `booking.env`'s `b_rooms_available_and_soldout` literal (carrier 1; §16 names `b_headline_price_amount`
 *   as its price but not whether it is the stay or a night, nor one room or all: its prices are null, as the
 *   contract's rooms note asks; `b_raw_price`, stay or night as clients disagree, is not read either);
 * - the DOM room table `#hprt-table` (carrier 3; the price cell: the whole stay, one room).
 * Which carrier answered is logged, and each more structured carrier the page lacks is counted as drift.
 */
import * as z from 'zod';
import type { SiteABlock, SiteARoom } from '../../schemas/site-a-hotel.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { literalAfter, readLiteral } from '../../extraction/js-literal.ts';
import { tolerant } from '../../extraction/tolerant.ts';
import { apolloStoreIn } from './apollo.ts';
import { cacheEntries, hotelIdInPage } from './hotel-page.ts';
import { amountOf, tableIn, type TableRow } from './rooms-table.ts';
import { AvBlock, bare, catalogueRoom, id, money, RoomCatalogue } from './room-catalogue.ts';
import { cents } from '../../extraction/values.ts';

// The catalogue's schema is read with the page's other parts: its readers import it from here.
export { RoomCatalogue };

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]);

/** Carrier 1: `b_rooms_available_and_soldout`, read by the tolerant rule. */
export const EnvRooms = tolerant(
  'site_a',
  z.array(
    z.looseObject({
      b_id: id,
      b_name: z.string().nullish(),
      b_blocks: z
        .array(
          z.looseObject({
            b_block_id: z.string().min(1),
            b_max_persons: z.number().int().min(1).nullish(),
            b_price: z.string().nullish(),
            b_mealplan_included_name: z.string().nullable().optional(),
            b_cancellation_type: z.string().nullish(),
            b_rate_is_genius: flag.nullish(),
            b_book_now_pay_later: flag.nullish(),
            b_price_breakdown_simplified: z
              .looseObject({
                b_headline_price_amount: money.nullish(),
                b_strikethrough_price_amount: money.nullish(),
                b_excluded_charges_amount: money.nullish(),
              })
              .nullish(),
          }),
        )
        .nullish(),
    }),
  ),
  'the rooms literal',
);
export type EnvRooms = z.output<typeof EnvRooms>;

/** Carrier 3: the room table's rows, read by the tolerant rule. */
export const TableRows = tolerant(
  'site_a',
  z.array(
    z.looseObject({
      blockId: z.string().min(1),
      roomId: z.string().min(1),
      name: z.string().nullish(),
      bed: z.string().nullish(),
      maxPersons: z.number().int().min(1).nullish(),
      priceText: z.string().nullish(),
      strikethroughText: z.string().nullish(),
      chargesText: z.string().nullish(),
      conditions: z.array(z.string()).nullish(),
      roomsLeft: z.number().int().min(0).nullish(),
    }),
  ),
  'the room table rows',
);
export type TableRows = z.output<typeof TableRows>;

/** What a dated page holds for the rooms reader, unread; any of it may be absent. */
export interface RoomsPage {
  hotelId?: string;
  catalogue?: unknown;
  env?: unknown;
  table?: TableRow[];
  tableNights?: number;
  /** The page shows its "no availability" message. */
  noAvailability?: boolean;
}

/**
 * What marks a dated page that has nothing for the stay: the availability area's alert
 * `#no_availability_msg` ("We have no availability here between …"), in place of the room table. Thin
 * evidence, kept here to be changed in one place: one 2026 snapshot client reads it so (2026-07; named in the
 * live profile's evidence) and its trimmed snapshots of two sold-out stays carry it; research §16 does not name it. The
 * availability area stands before the Apollo cache on real pages, so the page as read holds it.
 */
export const NO_AVAILABILITY_MARKER = /\bid=["']no_availability_msg["']/;

/**
 * The rooms reader's view of a dated page: the cache's room table with its rooms' data, the env literal,
 * the DOM table's rows.
 * @example roomsPageOf(html).env
 */
export function roomsPageOf(html: string): RoomsPage {
  const store = apolloStoreIn(html);
  const entries = store ? cacheEntries(store) : {};
  const literal = literalAfter(html, 'b_rooms_available_and_soldout:');
  const env = literal === undefined ? undefined : readLiteral(literal);
  if (literal !== undefined && !Array.isArray(env))
    throw new ExtractionError('site_a', 'b_rooms_available_and_soldout is not a list literal');
  const table = tableIn(html);
  return {
    hotelId: hotelIdInPage(html),
    catalogue:
      entries.roomTable === undefined
        ? undefined
        : { ...(entries.roomTable as object), roomData: entries.roomData },
    env,
    table: table?.rows,
    tableNights: table?.nights,
    ...(NO_AVAILABILITY_MARKER.test(html) ? { noAvailability: true } : {}),
  };
}

export interface RoomsAsked {
  nights: number;
  rooms: number;
  /** The currency asked: a carrier's price whose text names no currency is in it. */
  currency: string;
  /** Where the cards' relative photo paths live; without it such a photo is left out, counted. */
  imageBase?: string;
}

/** The carriers, the most structured first. */
export const CARRIERS = ['roomAvBlocks', 'b_rooms_available_and_soldout', 'hprt-table'] as const;
export type Carrier = (typeof CARRIERS)[number];

export interface ReadRooms {
  rooms: SiteARoom[];
  carrier: Carrier | undefined;
  /** Every carrier the page has, the one that answered among them. */
  carriers: Carrier[];
  /**
   * The stay is sold out: the cache's room table says so, or the page shows its "no availability" message
   * and no carrier has a block.
   */
  soldOut: boolean;
}

const yes = (v: boolean | 0 | 1 | null | undefined) => (v === undefined || v === null ? null : Boolean(v));
const MEALS = new Set(['breakfast', 'half_board', 'full_board', 'all_inclusive']);

/** Prices of one room's stay made the contract's: the stay for every room asked, and one room one night. */
function priced(oneRoomStay: number | null | undefined, asked: RoomsAsked) {
  if (oneRoomStay === null || oneRoomStay === undefined) return { total: null, per_night: null };
  return { total: cents(oneRoomStay * asked.rooms), per_night: cents(oneRoomStay / asked.nights) };
}
const times = (n: number | null | undefined, asked: RoomsAsked) =>
  n === null || n === undefined ? null : cents(n * asked.rooms);

function fromAv(b: z.output<typeof AvBlock>): SiteABlock {
  const k = b.blockId;
  const left = /(\d+)/.exec(b.onlyXLeftMessage ?? '')?.[1];
  const until =
    b.freeCancellationUntil && /^\d{4}-\d{2}-\d{2}/.test(b.freeCancellationUntil)
      ? b.freeCancellationUntil.slice(0, 10)
      : null;
  return {
    block_id: [k.roomId, k.policyGroupId, k.occupancy, k.packageId, k.mealPlanId]
      .filter((p) => p !== undefined && p !== null)
      .join('_'),
    max_persons: k.occupancy ?? null,
    // Night or stay: not on record for this carrier.
    total: null,
    per_night: null,
    currency: b.finalPrice?.currency ?? null,
    taxes_included: null,
    excluded_charges: null,
    strikethrough_total: null,
    meal_plan: null,
    refundable: until ? true : null,
    free_cancellation_until: until,
    pay_later: null,
    member_rate: null,
    rooms_left: left === undefined ? null : Number(left),
  };
}

function fromEnv(b: NonNullable<EnvRooms[number]['b_blocks']>[number], asked: RoomsAsked): SiteABlock {
  const price = b.b_price_breakdown_simplified;
  const excluded = price?.b_excluded_charges_amount;
  const meal = b.b_mealplan_included_name;
  const cancellation = b.b_cancellation_type;
  return {
    block_id: b.b_block_id,
    max_persons: b.b_max_persons ?? null,
    // Night or stay, one room or all: not on record for this carrier (real-sources §16), so no amount is
    // shown; whether charges are left out at all does not depend on it.
    total: null,
    per_night: null,
    currency: /^([A-Z]{3})\b/.exec(b.b_price ?? '')?.[1] ?? asked.currency,
    taxes_included: excluded === undefined || excluded === null ? null : excluded === 0,
    excluded_charges: null,
    strikethrough_total: null,
    // null is the literal's "no meal included"; absent is unknown.
    meal_plan:
      meal === null ? 'room_only' : meal && MEALS.has(meal) ? (meal as SiteABlock['meal_plan']) : null,
    refundable:
      cancellation === 'non_refundable' ? false : cancellation === 'free_cancellation' ? true : null,
    free_cancellation_until: null,
    pay_later: yes(b.b_book_now_pay_later),
    member_rate: yes(b.b_rate_is_genius),
    rooms_left: null,
  };
}

const MONTH_DATE = /(?:before|until) (\d{1,2} [A-Za-z]+ \d{4})/;

function fromRow(r: TableRows[number], asked: RoomsAsked): SiteABlock {
  const text = (r.conditions ?? []).join(' | ');
  const price = r.priceText ? amountOf(r.priceText) : undefined;
  const charges = r.chargesText;
  const excluded =
    charges && /\+/.test(charges)
      ? amountOf(charges).amount
      : charges && /includes/i.test(charges)
        ? 0
        : null;
  const until = MONTH_DATE.exec(text)?.[1];
  const untilDate = until ? new Date(`${until} UTC`) : undefined;
  return {
    block_id: r.blockId,
    max_persons: r.maxPersons ?? null,
    ...priced(price?.amount, asked),
    currency: price ? (price.currency ?? asked.currency) : null,
    taxes_included: excluded === null ? null : excluded === 0,
    excluded_charges: times(excluded, asked),
    strikethrough_total: r.strikethroughText ? times(amountOf(r.strikethroughText).amount, asked) : null,
    meal_plan: /all[- ]inclusive/i.test(text)
      ? 'all_inclusive'
      : /full board|all meals/i.test(text)
        ? 'full_board'
        : /half board|breakfast (?:&|and) dinner/i.test(text)
          ? 'half_board'
          : /breakfast included/i.test(text)
            ? 'breakfast'
            : null,
    refundable: /non-refundable/i.test(text) ? false : /free cancellation/i.test(text) ? true : null,
    free_cancellation_until:
      untilDate && !Number.isNaN(untilDate.getTime()) ? untilDate.toISOString().slice(0, 10) : null,
    pay_later: /no prepayment|pay at the property|pay later/i.test(text) ? true : null,
    member_rate: /genius/i.test(text) ? true : null,
    rooms_left: r.roomsLeft ?? null,
  };
}

/**
 * The rooms of a dated page with their blocks, from the catalogue and one carrier: the DOM table when the
 * page has it, else the first other carrier it has (the parts as read by their tolerant schemas; undefined
 * where the page lacks them).
 * @example roomsOf({ catalogue, env }, { nights: 3, rooms: 1, currency: 'EUR' }).carrier // 'b_rooms_available_and_soldout'
 */
export function roomsOf(
  page: {
    catalogue?: RoomCatalogue;
    env?: EnvRooms;
    table?: TableRows;
    tableNights?: number;
    noAvailability?: boolean;
  },
  asked: RoomsAsked,
): ReadRooms {
  const rooms = new Map<string, SiteARoom>();
  for (const card of page.catalogue?.roomCards ?? [])
    rooms.set(String(card.roomId), catalogueRoom(card, page.catalogue!, asked.imageBase));
  const room = (roomId: string, name?: string | null) => {
    let r = rooms.get(roomId);
    if (!r) rooms.set(roomId, (r = bare(roomId, name)));
    else if (r.name === null && name) r.name = name;
    return r;
  };
  const cards = page.catalogue?.roomCards ?? [];
  const has = {
    roomAvBlocks: cards.some((c) => (c.roomAvBlocks?.length ?? 0) > 0),
    b_rooms_available_and_soldout: page.env !== undefined,
    'hprt-table': page.table !== undefined,
  };
  const carriers = CARRIERS.filter((c) => has[c]);
  // The priced carrier first: the other two show no amounts, so a page whose table has rows answers its prices.
  const carrier = page.table?.length ? 'hprt-table' : carriers[0];
  if (carrier === 'roomAvBlocks') {
    for (const c of cards) room(String(c.roomId)).blocks.push(...(c.roomAvBlocks ?? []).map(fromAv));
  } else if (carrier === 'b_rooms_available_and_soldout') {
    for (const r of page.env!)
      room(String(r.b_id), r.b_name).blocks.push(...(r.b_blocks ?? []).map((b) => fromEnv(b, asked)));
  } else if (carrier === 'hprt-table') {
    // The price header names the nights the prices cover: another stay is not this one's price.
    if (page.tableNights !== undefined && page.tableNights !== asked.nights)
      throw new ExtractionError(
        'site_a',
        `the room table prices ${page.tableNights} nights where ${asked.nights} were asked`,
      );
    let last: TableRows[number] | undefined;
    for (const r of page.table!) {
      // A room's name and bed are in its first row only.
      const name = r.name ?? (last?.roomId === r.roomId ? last.name : undefined);
      const target = room(r.roomId, name);
      if (target.beds === null && r.bed) target.beds = r.bed;
      if (target.max_persons === null && r.maxPersons) target.max_persons = r.maxPersons;
      target.blocks.push(fromRow(r, asked));
      last = { ...r, name };
    }
  }
  // The rooms in the page's order: the carrier's (which lists them whether or not the catalogue kept
  // them all), then the catalogue's rooms it does not list.
  const listed =
    carrier === 'b_rooms_available_and_soldout'
      ? page.env!.map((r) => String(r.b_id))
      : carrier === 'hprt-table'
        ? page.table!.map((r) => r.roomId)
        : [];
  const order = [...new Set([...listed, ...rooms.keys()])];
  const blocks = [...rooms.values()].some((r) => r.blocks.length > 0);
  return {
    rooms: order.map((k) => rooms.get(k)!),
    carrier,
    carriers,
    soldOut: page.catalogue?.isSoldOut === true || (page.noAvailability === true && !blocks),
  };
}
