/**
 * Pure reader of a chain_c property's rooms, `data.commerce.product.searchProductsByProperty.edges[].node`,
 * by the tolerant rule (shared/extraction/tolerant.ts): one product per room type and rate plan with its
 * rate modes (Cash, Points, CashAndPoints) and total pricing.
 */
import * as z from 'zod';
import { ChainCRooms, type ChainCRate, type ChainCRoomType } from '../../schemas/chain-c.ts';
import { conform } from '../../extraction/conform.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { tolerant } from '../../extraction/tolerant.ts';
import { cents, text } from '../../extraction/values.ts';
import { perRoomNight, pointsPerRoomNight, stayTotal } from '../rooms-rule.ts';
import { dataOrRefusal } from '../../extraction/graphql.ts';
import { convert, currenciesOf, MonetaryAmount, type DatedOptions } from './extract.ts';
const RateMode = z.looseObject({
  __typename: z.string(),
  averageNightlyRatePerUnit: z.looseObject({ amount: MonetaryAmount }).nullish(),
  dailyRates: z.array(z.looseObject({ date: z.iso.date(), amount: MonetaryAmount })).nullish(),
  pointsPerUnit: z.looseObject({ points: z.number().int().min(0) }).nullish(),
  dailyPoints: z
    .array(
      z.looseObject({
        date: z.iso.date(),
        points: z.number().int().min(0),
        freeNight: z.boolean().nullish(),
      }),
    )
    .nullish(),
  cashPerUnit: MonetaryAmount.nullish(),
});
type RateMode = z.infer<typeof RateMode>;

const Product = z.looseObject({
  id: z.string().nullish(),
  basicInformation: z.looseObject({
    // A room type is its name: the category it is of may be missing (then null), never the rate lost.
    type: z.string().nullish(),
    name: z.string(),
    description: z.string().nullish(),
    isMembersOnly: z.boolean().nullish(),
    ratePlan: z.array(z.looseObject({ ratePlanCode: z.string() })).nullish(),
    roomsAvailable: z.number().int().min(0).nullish(),
  }),
  rates: z.looseObject({ name: z.string().nullish(), rateModes: z.array(RateMode).nullish() }).nullish(),
  totalPricing: z
    .looseObject({
      rateModes: z
        .looseObject({
          subtotalPerQuantity: MonetaryAmount.nullish(),
          grandTotal: MonetaryAmount.nullish(),
          totalMandatoryFeesPerQuantity: MonetaryAmount.nullish(),
        })
        .nullish(),
    })
    .nullish(),
});
type Product = z.infer<typeof Product>;

export const ProductsAnswer = tolerant(
  'chain_c',
  // The products are what the route answers from: an answer has them, or it is a refusal (errors).
  dataOrRefusal(
    'commerce',
    z.looseObject({
      product: z.looseObject({
        searchProductsByProperty: z.looseObject({ edges: z.array(z.looseObject({ node: Product })) }),
      }),
    }),
  ),
  'the rooms answer',
);
export type ProductsAnswer = z.infer<typeof ProductsAnswer>;

/** What an error says of a property chain_c does not know (its code or its message). */
export const UNKNOWN_PROPERTY =
  /INVALID_PROPERTY|PROPERTY_NOT_FOUND|property .*(not valid|not found|unknown)/i;

/**
 * Whether a rooms answer says the property does not exist (every error names the property id).
 * @example unknownProperty({ errors: [{ message: 'Property ZZZZZ is not valid', extensions: { code: 'INVALID_PROPERTY' } }] }) // true
 */
export function unknownProperty(answer: ProductsAnswer): boolean {
  const errors = answer.errors ?? [];
  return (
    errors.length > 0 &&
    errors.every((e) => UNKNOWN_PROPERTY.test(e.extensions?.code ?? '') || UNKNOWN_PROPERTY.test(e.message))
  );
}

/** A room name's parts: "Guest room, 1 King, City view" → bed "1 King", view "City view". */
function nameParts(name: string): { bed: string | null; view: string | null } {
  const parts = name.split(',').map((p) => p.trim());
  return {
    bed: parts.find((p) => /\b(king|queen|double|twin|single|sofa|bunk)\b/i.test(p)) ?? null,
    view: parts.find((p) => /\bview\b/i.test(p)) ?? null,
  };
}

const modeOf = (p: Product, name: string): RateMode | undefined =>
  (p.rates?.rateModes ?? []).find((m) => m.__typename.toLowerCase() === name);

/**
 * One product's rate in the contract's terms (rooms rule: per night of one room, totals for every room):
 * cash nightly rates from the daily rates, the stay total after taxes from the grand total, taxes and fees
 * what the total adds to the nights; points per night from the stay's points of one room.
 */
function toRate(p: Product, o: DatedOptions): ChainCRate {
  const money = (m: MonetaryAmount | null | undefined) => {
    const v = m ? convert(m, o.rates) : undefined;
    return v === undefined ? null : cents(v);
  };
  const cash = modeOf(p, 'cash');
  const points = modeOf(p, 'points');
  const mixed = modeOf(p, 'cashandpoints');
  const nights = new Map<
    string,
    { date: string; cash: number | null; points: number | null; free_night: boolean | null }
  >();
  const night = (date: string) => {
    let n = nights.get(date);
    // Only a night's points say whether it is free: a night they do not show is unknown, never "not free".
    if (!n) nights.set(date, (n = { date, cash: null, points: null, free_night: null }));
    return n;
  };
  for (const d of cash?.dailyRates ?? []) night(d.date).cash = money(d.amount);
  for (const d of points?.dailyPoints ?? [])
    Object.assign(night(d.date), { points: d.points, free_night: d.freeNight ?? null });
  const nightly = [...nights.values()].sort((a, b) => a.date.localeCompare(b.date));
  const cashNights = nightly.map((n) => n.cash);
  const base =
    cashNights.length && cashNights.every((c) => c !== null)
      ? cents(cashNights.reduce((a, c) => a + c!, 0))
      : null;
  const average =
    money(cash?.averageNightlyRatePerUnit?.amount) ??
    (base === null ? null : perRoomNight(base, { nights: o.nights, rooms: 1 }));
  const total = money(p.totalPricing?.rateModes?.grandTotal);
  const stayPoints = points?.pointsPerUnit?.points;
  const perNightPoints =
    stayPoints === undefined ? null : pointsPerRoomNight(stayPoints, { nights: o.nights, rooms: 1 });
  const mixedPoints = mixed?.pointsPerUnit?.points;
  const mixedCash = money(mixed?.cashPerUnit);
  const info = p.basicInformation;
  return {
    name: p.rates?.name?.trim() || info.ratePlan?.[0]?.ratePlanCode || info.name,
    rate_plan_code: info.ratePlan?.[0]?.ratePlanCode ?? p.id ?? info.name,
    // Not shown is unknown, never "open to all".
    is_member_rate: info.isMembersOnly ?? null,
    per_night: cash ? average : null,
    total,
    taxes_fees:
      total !== null && base !== null ? cents(total - stayTotal(base, { nights: 1, rooms: o.rooms })) : null,
    points_per_night: perNightPoints,
    points_total: perNightPoints === null ? null : stayTotal(perNightPoints, o),
    cash_and_points:
      mixedPoints !== undefined && mixedCash !== null
        ? {
            points: pointsPerRoomNight(mixedPoints, { nights: o.nights, rooms: 1 }),
            cash: perRoomNight(mixedCash, { nights: o.nights, rooms: 1 }),
          }
        : null,
    nightly_rates: nightly,
  };
}

/**
 * The property's room types for the stay, or undefined when chain_c says the property does not exist:
 * products grouped by room name in the source's order, each product one rate. The currency is the one
 * asked for when every amount converts, else the property's (the handler refuses that).
 * @example extractRooms(answer, { currency: 'EUR', rates: new Map([['EUR', 1]]), nights: 2, rooms: 1, imageBase: '', siteBase: '' })?.room_types[0].name // 'Guest room, 1 King, City view'
 */
export function extractRooms(answer: ProductsAnswer, o: DatedOptions): ChainCRooms | undefined {
  if (unknownProperty(answer)) return undefined;
  const found = answer.data?.commerce?.product?.searchProductsByProperty;
  if (!found) throw new ExtractionError('chain_c', 'the rooms answer has no products');
  const currencies = currenciesOf(found.edges);
  const converts = [...currencies].every((c) => o.rates.has(c));
  const rooms = new Map<string, ChainCRoomType>();
  for (const { node } of found.edges) {
    const info = node.basicInformation;
    let room = rooms.get(info.name);
    if (!room) {
      const { bed, view } = nameParts(info.name);
      room = {
        name: info.name,
        description: info.description?.trim() || null,
        bed_type: bed,
        view,
        category: text(info.type),
        available_rooms: null,
        rates: [],
      };
      rooms.set(info.name, room);
    }
    room.description ??= info.description?.trim() || null;
    room.category ??= text(info.type);
    if (info.roomsAvailable !== null && info.roomsAvailable !== undefined)
      room.available_rooms = Math.max(room.available_rooms ?? 0, info.roomsAvailable);
    room.rates.push(toRate(node, o));
  }
  const currency = converts || currencies.size === 0 ? o.currency : [...currencies][0]!;
  return conform('chain_c', ChainCRooms, { currency, room_types: [...rooms.values()] }, 'the rooms');
}
