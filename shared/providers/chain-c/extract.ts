/**
 * chain_c's readers, one module per answer: the older lowest-rates search (lowest-rates.ts), the 2026
 * search (dated-search.ts), the display converter (converter.ts), a property's rooms (rooms.ts) and its
 * details (property.ts). Here, what they share: a property as both searches give it (and as a hotel in the contract's
 * terms), the gateway's GraphQL errors and its refusal of an operation, and the 2026 operations' money,
 * `{amount, currency, decimalPoint}` in the property's currency, converted into the one asked for.
 */
import * as z from 'zod';
import { ChainCHotel } from '../../schemas/chain-c.ts';
import { conform } from '../../extraction/conform.ts';
import type { GraphQLError } from '../../extraction/graphql.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import type { Occupancy } from '../rooms-rule.ts';
import { shownText, text } from '../../extraction/values.ts';
/** A property as both searches give it: what a hotel of the contract is read from. */
export const Property = z.looseObject({
  id: z.string(),
  basicInformation: z.looseObject({
    name: z.string(),
    // The id names the property: its brand and place may be missing, and are then null; a brand is its
    // id, its name may be missing too.
    brand: z.looseObject({ id: z.string(), name: z.string().nullish() }).nullish(),
    latitude: z.number().nullish(),
    longitude: z.number().nullish(),
    bookable: z.boolean().nullish(),
    descriptions: z
      .array(z.looseObject({ text: z.string().nullish(), type: z.looseObject({ code: z.string() }) }))
      .nullish(),
  }),
  reviews: z
    .looseObject({
      stars: z.looseObject({ count: z.number() }).nullish(),
      numberOfReviews: z.looseObject({ count: z.number().int() }).nullish(),
    })
    .nullish(),
  // A property shown without a picture or a page name is still that property: kept, with nulls.
  media: z
    .looseObject({
      primaryImage: z
        .looseObject({
          edges: z
            .array(
              z.looseObject({
                node: z
                  .looseObject({
                    imageUrls: z.looseObject({ wideHorizontal: z.string().nullish() }).nullish(),
                  })
                  .nullish(),
              }),
            )
            .nullish(),
        })
        .nullish(),
    })
    .nullish(),
  seoNickname: z.string().nullish(),
});
export type Property = z.infer<typeof Property>;

export interface ExtractOptions {
  /** The currency asked for: the amounts in it are read, whichever side (`locale`, `origin`) has them. */
  currency: string;
  /** Where relative image paths resolve. */
  imageBase: string;
  /** The public site, for hotel page links. */
  siteBase: string;
}

export interface ChainCPage {
  total: number;
  hasMore: boolean;
  hotels: ChainCHotel[];
}

/**
 * The site gives image paths relative to its image host; the base may carry a path of its own. Null when
 * the property shows no picture.
 */
function imageUrl(path: string | null, base: string): string | null {
  if (path === null || /^https?:\/\//.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The statuses of a rate that can be sold: the 2026 `AvailableForSale`, the older `AVAILABLE`. */
const FOR_SALE = /^(AvailableForSale|AVAILABLE)$/i;

/**
 * Whether a property can be booked for the stay: false when the site marks it unbookable or its rate's
 * status says the rate is not for sale, true when that status says it is; null when no status says
 * (a price shown without one proves nothing either way).
 * @example bookableOf(property, 'NotAvailable') // false
 */
export function bookableOf(p: Property, status: string | null | undefined): boolean | null {
  if (p.basicInformation.bookable === false) return false;
  const code = text(status);
  return code === null ? null : FOR_SALE.test(code);
}

/** What a search shows of a property's rate for the stay: its status code and its price, as read. */
export interface ShownRate {
  status: string | null | undefined;
  price: ChainCHotel['price'];
}

/**
 * A property in the contract's terms, from its distance (null when not shown) and its rate: bookable as
 * the rate's status says (bookableOf), its price as shown unless the property cannot be booked.
 * `edges` is where the answer lists the properties, so that a count names the field as the reader does.
 * @example toHotel(node.distance, node.property, { status: 'NotAvailable', price: null }, options, 'data.x.edges[]').bookable // false
 */
export function toHotel(
  distance: number | null | undefined,
  p: Property,
  rate: ShownRate,
  o: ExtractOptions,
  edges: string,
): ChainCHotel {
  const bookable = bookableOf(p, rate.status);
  const info = p.basicInformation;
  const caption = info.descriptions?.find((d) => d.type.code === 'HOTEL_MARKETING_CAPTION');
  const image =
    (p.media?.primaryImage?.edges ?? [])
      .map((e) => text(e.node?.imageUrls?.wideHorizontal))
      .find((path) => path !== null) ?? null;
  // A nickname sent blank names no page: null, counted (as one left out is).
  const page = shownText('chain_c', p.seoNickname, `${edges}.node.property.seoNickname`, 'the search');
  return conform(
    'chain_c',
    ChainCHotel,
    {
      property_id: p.id,
      name: info.name,
      brand: info.brand ? { id: info.brand.id, name: text(info.brand.name) } : null,
      location:
        typeof info.latitude === 'number' && typeof info.longitude === 'number'
          ? { latitude: info.latitude, longitude: info.longitude }
          : null,
      description: caption?.text ?? null,
      // A property whose reviews the answer does not show has no score here: null, never 0 stars.
      rating: p.reviews?.stars?.count ?? null,
      review_count: p.reviews?.numberOfReviews?.count ?? null,
      image: imageUrl(image, o.imageBase),
      // The hotel page is named by its nickname: without one, no page is known.
      url: page === null ? null : `${o.siteBase}/hotels/travel/${encodeURIComponent(page)}/`,
      bookable,
      // A price of a property that cannot be booked for the stay is none to pay.
      price: bookable === false ? null : rate.price,
      distance_meters: distance ?? null,
    },
    'a hotel',
  );
}

/** Money of the 2026 operations: an integer amount with its decimal point, in its currency. */
export const MonetaryAmount = z.looseObject({
  amount: z.number().int(),
  currency: z.string().regex(/^[A-Za-z]{3}$/),
  decimalPoint: z.number().int().min(0).max(6),
});
export type MonetaryAmount = z.infer<typeof MonetaryAmount>;

/** Rates into the currency asked for, by source currency (1 for the asked one itself). */
export type Rates = ReadonlyMap<string, number>;

/**
 * A money amount in the currency asked for, or undefined when no rate converts it.
 * @example convert({ amount: 18050, currency: 'USD', decimalPoint: 2 }, new Map([['USD', 0.9]])) // ≈ 162.45
 */
export function convert(m: MonetaryAmount, rates: Rates): number | undefined {
  const rate = rates.get(m.currency.toUpperCase());
  return rate === undefined ? undefined : (m.amount / 10 ** m.decimalPoint) * rate;
}

/** Every currency the money of a value is in (to know which rates to ask for). */
export function currenciesOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) currenciesOf(v, found);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.currency === 'string' && typeof o.amount === 'number' && typeof o.decimalPoint === 'number')
      found.add(o.currency.toUpperCase());
    else for (const v of Object.values(o)) currenciesOf(v, found);
  }
  return found;
}

export interface DatedOptions extends ExtractOptions, Occupancy {
  rates: Rates;
}

/**
 * The gateway's refusal of an operation (a stale signature, a query not on its safelist), naming what to
 * update: its signature's setting, or `check` where more than the signature names it; nothing when the
 * answer has no errors.
 * @example operationRefusal({ errors: [{ message: 'not in safelist', extensions: { code: 'QUERY_NOT_IN_SAFELIST' } }] }, 400, 'phoenixShopDatedSearchByGeoQuery', 'dated_search_by_geo')?.message
 */
export function operationRefusal(
  answer: { errors?: GraphQLError[] | undefined },
  status: number,
  operation: string,
  setting: string,
  check = `its signature (operations.${setting})`,
): UpstreamError | undefined {
  const error = answer.errors?.[0];
  if (!error) return undefined;
  const code = error.extensions?.code ? ` (${error.extensions.code})` : '';
  return new UpstreamError(
    'chain_c',
    `the ${operation} operation was refused${code}: ${error.message}; check ${check}`,
    status,
  );
}
