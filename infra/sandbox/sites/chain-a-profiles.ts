/**
 * chain_a's profile API and its offers by coordinates, in the real formats (real-sources §16, chain_a),
 * with invented data on the sandbox world's chain_a hotels:
 * - `GET /hotels/{v1|v3}/profiles/{code}/details?fieldset=…`: `hotelInfo` with only the asked blocks
 *   (`brandInfo`, `profile`, `address`, `location`, `contact`, `policies`, `facilities`); an unknown code is a
 *   400 with `INVALID_HOTEL_MNEMONICS`, as the offers API answers it;
 * - `POST /hotels/v1/profiles/details?fieldset=profile,brandInfo` with a JSON array of codes: the names
 *   and brands of the codes it knows;
 * - `POST /availability/v3/hotels/offers?fieldset=summary,summary.rateRanges` with `geoLocation` (an array
 *   only): each hotel in the radius with its distance, OPEN or CLOSED, and the lowest nightly prices of
 *   the very offers the rooms call quotes (per night of one room, never a stay total), in the order of
 *   their codes (not by distance); the points prices (points only, points plus cash in US dollars without
 *   saying so, reward night available) only when the body asks for the reward plan (`rates.ratePlanCodes`).
 * Both profile routes refuse calls without the fetch metadata headers (`Sec-Fetch-Mode: cors`,
 * `Sec-Fetch-Site: same-site`) with the bot manager's 403, and every route the web-app key's 403.
 */
import * as z from 'zod';
import { distanceMeters } from '../geo.ts';
import { nightsOf, soldOut } from '../prices.ts';
import { hash } from '../random.ts';
import { phoneOf } from '../phones.ts';
import type { Route, SiteRequest, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';

/** The reward-nights rate plan, asked for by code. */
export const REWARD_PLAN = 'IVANI';

/** What the offers module lends this one: its key check and its priced offers for a stay. */
export interface OffersModule {
  keyRefusal: (req: SiteRequest) => SiteResponse | undefined;
  /** The cash (reward false) or reward offers of a hotel for a stay, as the rooms call answers them. */
  offersFor: (
    hotel: Hotel,
    stay: { startDate: string; endDate: string; adults: number; rooms: number },
    reward: boolean,
  ) => { offers: Offer[]; currency: string };
}

/** The parts of an offer this module reads. */
export interface Offer {
  ratePlanCode: string;
  totalRate?: { amountBeforeTax?: string; basePlusExcludedFeesAmount?: string; amountAfterTax?: string };
  productUses: { rates?: { totalRate?: { amountBeforeTax?: string } } }[];
  rewardNights?: {
    pointsOnly?: { averageDailyPoints: number };
    pointsCash?: { options: { averageDailyPoints: number; averageDailyCash: number }[] };
  };
}

const ACCESS_DENIED: SiteResponse = {
  status: 403,
  html: "<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY><H1>Access Denied</H1>You don't have permission to access this server.<P>Reference&#32;&#35;18&#46;2f1c4d17&#46;1700000000&#46;5b0e9a2d</BODY></HTML>",
};

const fail = (status: number, code: string, message: string): SiteResponse => ({
  status,
  json: { errors: [{ code, message }] },
});

const chainAHotels = () => getWorld().hotels.filter((h) => h.hotelCode);
const byCode = (code: string) => chainAHotels().find((h) => h.hotelCode === code.toUpperCase());

/** Hotels whose profile leaves out the blocks the research has not seen (contact, policies). */
export const profileWithoutContact = (h: Hotel) => hash(`profile-contact:${h.key}`) % 3 === 0;

const STREETS = ['Rue de la Paix', 'Harbour Road', 'Kingsway', 'Avenida Central', 'Parkstrasse', 'Via Roma'];
const STATES: Record<string, { code: string; name: string }> = {
  US: { code: 'NY', name: 'New York' },
  CA: { code: 'ON', name: 'Ontario' },
  AU: { code: 'NSW', name: 'New South Wales' },
};

function profile(h: Hotel, fieldset: Set<string>) {
  const country = h.city.country;
  const brandSlug = h.brand!.name.toLowerCase().replace(/\s+/g, '');
  const street = `${1 + (hash(`street:${h.key}`) % 180)} ${STREETS[hash(`st:${h.key}`) % STREETS.length]}`;
  const rooms = 80 + (hash(`rooms:${h.key}`) % 320);
  const blocks: Record<string, unknown> = {
    brandInfo: { brandCode: h.brand!.code, brandName: h.brand!.name, chainCode: 'AC' },
    profile: {
      name: h.name,
      gdsName: h.name.toUpperCase(),
      shortDescription: `${h.brand!.name} in the heart of ${h.city.name}.`,
      // Real long descriptions carry markup.
      longDescription: `<p>Stay at ${h.name}, ${h.stars} stars close to the centre of ${h.city.name}.</p><br/>Rooms &amp; suites with free Wi-Fi.`,
      latLong: { latitude: h.latitude, longitude: h.longitude },
      roomsIncludingSuitesCount: rooms,
      entityStatus: 'OPEN',
    },
    address: {
      street1: street,
      ...(hash(`s4:${h.key}`) % 2 ? { street4: 'Centre' } : {}),
      city: h.city.name,
      zip: String(10_000 + (hash(`zip:${h.key}`) % 89_999)),
      ...(STATES[country] ? { state: STATES[country] } : {}),
      country: { code: country, name: country },
      consumerFriendlyURL: `/${brandSlug}/hotels/${country.toLowerCase()}/en/${h.city.slug}/${h.hotelCode!.toLowerCase()}/hoteldetail`,
    },
    location: { closestCity: h.city.name },
    facilities: [{ code: 'WIFI', name: 'Free Wi-Fi' }],
    ...(profileWithoutContact(h)
      ? {}
      : {
          contact: {
            phone: {
              number: phoneOf(h.city.country, h.key),
              type: 'VOICE',
            },
            fax: { number: phoneOf(h.city.country, h.key, 'fax'), type: 'FAX' },
          },
          policies: {
            checkinTime: '15:00:00',
            checkoutTime: hash(`co:${h.key}`) % 2 ? '12:00:00' : '11:00:00',
          },
        }),
  };
  return Object.fromEntries(Object.entries(blocks).filter(([k]) => fieldset.has(k)));
}

/** The fetch metadata the profile host wants, else its bot manager's page. */
const noFetchMetadata = (req: SiteRequest) =>
  req.headers['sec-fetch-mode'] !== 'cors' || req.headers['sec-fetch-site'] !== 'same-site';

const GeoBody = z.object({
  geoLocation: z.array(z.object({ latitude: z.number(), longitude: z.number() })).min(1),
  radius: z.number().positive(),
  distanceUnit: z.enum(['KM', 'MI']),
  startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  endDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  products: z
    .array(
      z.object({
        productCode: z.string(),
        quantity: z.number().int().min(1).max(9),
        guestCounts: z.array(z.object({ otaCode: z.string(), count: z.number().int().min(0) })).min(1),
      }),
    )
    .length(1),
  rates: z.object({ ratePlanCodes: z.array(z.object({ internal: z.string() })) }).optional(),
});

const money = (n: number) => n.toFixed(2);

/** A hotel's summary: the lowest of the offers the rooms call quotes, per night of one room. */
function summary(m: OffersModule, h: Hotel, body: z.infer<typeof GeoBody>, km: number) {
  const product = body.products[0]!;
  const stay = {
    startDate: body.startDate,
    endDate: body.endDate,
    adults: product.guestCounts.find((g) => g.otaCode === 'AQC10')?.count ?? 1,
    rooms: product.quantity,
  };
  const nights = nightsOf(body.startDate, body.endDate).length;
  const base = {
    hotelMnemonic: h.hotelCode,
    brandCode: h.brand!.code,
    distance: Math.round(km * 100) / 100,
    distanceUnit: body.distanceUnit,
  };
  const closed = nightsOf(body.startDate, body.endDate).some((n) => soldOut(h, n));
  const cash = closed ? { offers: [], currency: '' } : m.offersFor(h, stay, false);
  const nightly = cash.offers
    .filter((o) => !o.ratePlanCode.endsWith('PKG'))
    .map((o) => {
      const t = o.productUses[0]?.rates?.totalRate ?? o.totalRate;
      const before = Number(t?.amountBeforeTax ?? o.totalRate?.basePlusExcludedFeesAmount);
      return Math.round((before / nights / stay.rooms) * 100) / 100;
    });
  // Reward nights are priced only when asked for: without the plan, the summary says nothing of points.
  const asked = body.rates?.ratePlanCodes.some((c) => c.internal === REWARD_PLAN) ?? false;
  if (closed || nightly.length === 0)
    return {
      ...base,
      availabilityStatus: 'CLOSED',
      propertyCurrency: cash.currency || undefined,
      ...(asked ? { rewardNightAvailable: false } : {}),
    };
  const reward = asked ? m.offersFor(h, stay, true).offers.map((o) => o.rewardNights!) : [];
  const points = reward.flatMap((r) => (r.pointsOnly ? [r.pointsOnly.averageDailyPoints] : []));
  const mixed = reward
    .flatMap((r) => r.pointsCash?.options ?? [])
    .sort(
      (a, b) => a.averageDailyPoints - b.averageDailyPoints || a.averageDailyCash - b.averageDailyCash,
    )[0];
  const low = Math.min(...nightly);
  return {
    ...base,
    availabilityStatus: 'OPEN',
    propertyCurrency: cash.currency,
    lowestCashOnlyCost: {
      baseAmount: money(low),
      amountAfterTax: money(low * 1.14),
      feeTaxSubTotals: [{ amount: money(low * 0.14), otaCodeType: 'TAX', isIncludedInRate: false }],
    },
    ...(points.length ? { lowestPointsOnlyCost: { points: Math.min(...points) } } : {}),
    ...(mixed
      ? { lowestPointsAndCashCost: { points: mixed.averageDailyPoints, cash: money(mixed.averageDailyCash) } }
      : {}),
    ...(asked ? { rewardNightAvailable: points.length > 0 } : {}),
    ratePlanDefinitions: [
      {
        code: 'SXFLX',
        rateRange: { low: { baseAmount: money(low) }, high: { baseAmount: money(Math.max(...nightly)) } },
      },
    ],
  };
}

/**
 * The offers answer of a search by coordinates, or undefined for a body that is not one (the offers
 * module answers it).
 * @example geoAnswer(offersModule, { geoLocation: [{ latitude: 48.85, longitude: 2.35 }], radius: 25, … })?.status // 200
 */
export function geoAnswer(m: OffersModule, raw: unknown): SiteResponse | undefined {
  if (!raw || typeof raw !== 'object' || !('geoLocation' in raw)) return undefined;
  if ('hotelMnemonics' in raw)
    return fail(400, 'AVL_100400', 'geoLocation and hotelMnemonics exclude each other');
  const parsed = GeoBody.safeParse(raw);
  if (!parsed.success) return fail(400, 'AVL_100400', 'The request body is not a valid offers request');
  const body = parsed.data;
  const nights = nightsOf(body.startDate, body.endDate).length;
  if (nights === 0 || nights > 30)
    return fail(400, 'AVL_100410', 'Length of stay must be between 1 and 30 nights');
  const { latitude, longitude } = body.geoLocation[0]!;
  const radiusKm = body.distanceUnit === 'MI' ? body.radius * 1.609344 : body.radius;
  const hotels = chainAHotels()
    .map((h) => ({ h, km: distanceMeters(latitude, longitude, h.latitude, h.longitude) / 1000 }))
    .filter((x) => x.km <= radiusKm)
    .sort((a, b) => a.h.hotelCode!.localeCompare(b.h.hotelCode!))
    .map(({ h, km }) => summary(m, h, body, body.distanceUnit === 'MI' ? km / 1.609344 : km));
  return { status: 200, json: { startDate: body.startDate, endDate: body.endDate, hotels, warnings: [] } };
}

/**
 * The profile routes, with the offers module's key check.
 * @example routes: [...offersRoutes, ...profileRoutes(offersModule)]
 */
export function profileRoutes(m: OffersModule): Route[] {
  return [
    [
      'GET',
      /^\/hotels\/v[13]\/profiles\/([^/]+)\/details$/,
      (req): SiteResponse => {
        const refused = m.keyRefusal(req);
        if (refused) return refused;
        if (noFetchMetadata(req)) return ACCESS_DENIED;
        const code = decodeURIComponent(req.match[1]!);
        const hotel = byCode(code);
        if (!hotel) return fail(400, 'INVALID_HOTEL_MNEMONICS', `Invalid hotel mnemonics: [${code}]`);
        const fieldset = new Set((req.query.get('fieldset') ?? 'profile').split(','));
        return { status: 200, json: { hotelInfo: profile(hotel, fieldset) } };
      },
    ],
    [
      'POST',
      /^\/hotels\/v1\/profiles\/details$/,
      (req): SiteResponse => {
        const refused = m.keyRefusal(req);
        if (refused) return refused;
        if (noFetchMetadata(req)) return ACCESS_DENIED;
        let codes: unknown;
        try {
          codes = JSON.parse(req.body);
        } catch {
          codes = undefined;
        }
        if (!Array.isArray(codes) || !codes.every((c) => typeof c === 'string'))
          return fail(400, 'HTL_100400', 'The request body must be an array of hotel codes');
        const fieldset = new Set((req.query.get('fieldset') ?? 'profile').split(','));
        const known = codes.flatMap((c: string) => {
          const h = byCode(c);
          if (!h) return [];
          const p = profile(h, fieldset);
          return [
            {
              hotelCode: h.hotelCode,
              ...(p.profile ? { profile: { name: h.name, gdsName: h.name.toUpperCase() } } : {}),
              ...(p.brandInfo ? { brandInfo: p.brandInfo } : {}),
            },
          ];
        });
        return { status: 200, json: known };
      },
    ],
  ];
}
