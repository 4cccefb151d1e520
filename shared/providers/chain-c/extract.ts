/**
 * Pure readers of chain_c's lowest-rates answer: `data.searchLowestAvailableRatesByGeolocation` with
 * `total`, `pageInfo` and `edges[].node{distance, property, rates}`. Amounts are integers with a decimal
 * point position, each in the property's currency (`origin`) and the visitor's (`locale`).
 */
import * as z from 'zod';
import { ChainCHotel } from '../../schemas/chain-c.ts';
import { conform } from '../../upstream/conform.ts';
import { ExtractionError, UpstreamError } from '../../upstream/errors.ts';
import { OPERATION } from './requests.ts';

const Money = z.looseObject({
  currency: z.string(),
  value: z.number().int(),
  valueDecimalPoint: z.number().int().min(0).max(6),
});
const Amount = z.looseObject({ origin: Money.nullish(), locale: Money.nullish() });
type Amount = z.infer<typeof Amount>;

const RateAmount = z.looseObject({
  rateMode: z.looseObject({ code: z.string() }),
  points: z.number().nullish(),
  amount: Amount.nullish(),
  totalAmount: Amount.nullish(),
  taxes: Amount.nullish(),
  fees: Amount.nullish(),
});
const Rate = z.looseObject({
  status: z.looseObject({ code: z.string() }).nullish(),
  rateAmounts: z.array(RateAmount).nullish(),
});
type Rate = z.infer<typeof Rate>;

const Node = z.looseObject({
  distance: z.number(),
  property: z.looseObject({
    id: z.string(),
    basicInformation: z.looseObject({
      name: z.string(),
      brand: z.looseObject({ id: z.string(), name: z.string() }),
      latitude: z.number(),
      longitude: z.number(),
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
    media: z.looseObject({
      primaryImage: z.looseObject({
        edges: z.array(
          z.looseObject({
            node: z.looseObject({ imageUrls: z.looseObject({ wideHorizontal: z.string() }) }),
          }),
        ),
      }),
    }),
    seoNickname: z.string(),
  }),
  // One rate object per property in the answers on record; a list in the monitor that read them.
  rates: z.union([z.array(Rate), Rate]).nullish(),
});

const GraphQLError = z.looseObject({
  message: z.string(),
  extensions: z.looseObject({ code: z.string().optional() }).optional(),
});

export const LowestRatesAnswer = z.looseObject({
  data: z
    .looseObject({
      searchLowestAvailableRatesByGeolocation: z
        .looseObject({
          total: z.number().int(),
          pageInfo: z.looseObject({ hasNextPage: z.boolean() }),
          edges: z.array(z.looseObject({ node: Node })),
        })
        .nullish(),
    })
    .nullish(),
  errors: z.array(GraphQLError).optional(),
});
export type LowestRatesAnswer = z.infer<typeof LowestRatesAnswer>;

/**
 * The gateway's refusal of the operation (a stale signature, a query not on its safelist), as an upstream
 * error that names what to update; nothing when the answer carries no `errors`.
 * @example refusal({ errors: [{ message: 'not in safelist', extensions: { code: 'QUERY_NOT_IN_SAFELIST' } }] }, 400)?.message
 */
export function refusal(answer: LowestRatesAnswer, status: number): UpstreamError | undefined {
  const error = answer.errors?.[0];
  if (!error) return undefined;
  const code = error.extensions?.code ? ` (${error.extensions.code})` : '';
  return new UpstreamError(
    'chain_c',
    `the ${OPERATION} operation was refused${code}: ${error.message}; ` +
      'check its signature and query document (operations.lowest_rates_by_geo, lowest_rates_by_geo_query)',
    status,
  );
}

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

const decimal = (m: z.infer<typeof Money>) => Number((m.value / 10 ** m.valueDecimalPoint).toFixed(6));

/** The site gives image paths relative to its image host; the base may carry a path of its own. */
function imageUrl(path: string, base: string): string {
  if (!path || /^https?:\/\//.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The side of the amounts priced in the currency asked for; else the one shown to visitors. */
function side(amount: Amount, currency: string): 'locale' | 'origin' {
  if (amount.locale?.currency === currency) return 'locale';
  if (amount.origin?.currency === currency) return 'origin';
  return amount.locale ? 'locale' : 'origin';
}

/** The cash and points price of a rate, or null when the rate has no cash price. */
function price(rate: Rate | undefined, currency: string): ChainCHotel['price'] {
  const amounts = rate?.rateAmounts ?? [];
  const cash = amounts.find((a) => a.rateMode.code === 'LOWEST_AVERAGE_NIGHTLY_RATE');
  const points = amounts.find((a) => a.rateMode.code === 'POINTS_PER_UNIT');
  if (!cash?.amount || !cash.totalAmount) return null;
  const from = side(cash.amount, currency);
  const pick = (a: Amount | null | undefined) => a?.[from] ?? undefined;
  const nightly = pick(cash.amount);
  const total = pick(cash.totalAmount);
  if (!nightly || !total) return null;
  const taxes = pick(cash.taxes);
  const fees = pick(cash.fees);
  return {
    per_night: decimal(nightly),
    total: decimal(total),
    // Absent taxes or fees are none charged, as the site shows them.
    taxes: taxes ? decimal(taxes) : 0,
    fees: fees ? decimal(fees) : 0,
    currency: nightly.currency,
    // A property without award nights has no points price: 0, the contract's integer having no null.
    points_per_night: Math.round(points?.points ?? 0),
  };
}

/**
 * One page of hotels in the contract's terms, with `total` (every match) and whether a page follows. A
 * property is bookable when the site says so and its rate is available with a cash price; any other has
 * `price: null`, never zeros.
 * @example extractPage(answer, { currency: 'EUR', imageBase: 'https://img.test', siteBase: 'https://www.chain-c.test' }).hotels[0].property_id // 'PARXY'
 */
export function extractPage(answer: LowestRatesAnswer, o: ExtractOptions): ChainCPage {
  const search = answer.data?.searchLowestAvailableRatesByGeolocation;
  if (!search) throw new ExtractionError('chain_c', 'the lowest-rates answer has no search results');
  const hotels = search.edges.map(({ node }) => {
    const p = node.property;
    const info = p.basicInformation;
    const rate = Array.isArray(node.rates) ? node.rates[0] : (node.rates ?? undefined);
    const available = info.bookable !== false && rate?.status?.code === 'AVAILABLE';
    const cash = available ? price(rate, o.currency) : null;
    const caption = info.descriptions?.find((d) => d.type.code === 'HOTEL_MARKETING_CAPTION');
    const image = p.media.primaryImage.edges[0]?.node.imageUrls.wideHorizontal ?? '';
    return conform(
      'chain_c',
      ChainCHotel,
      {
        property_id: p.id,
        name: info.name,
        brand: { id: info.brand.id, name: info.brand.name },
        location: { latitude: info.latitude, longitude: info.longitude },
        description: caption?.text ?? '',
        // A property without reviews yet has no score: 0 stars from 0 reviews.
        rating: p.reviews?.stars?.count ?? 0,
        review_count: p.reviews?.numberOfReviews?.count ?? 0,
        image: imageUrl(image, o.imageBase),
        url: `${o.siteBase}/hotels/travel/${encodeURIComponent(p.seoNickname)}/`,
        bookable: cash !== null,
        price: cash,
        distance_meters: node.distance,
      },
      'a hotel',
    );
  });
  return { total: search.total, hasMore: search.pageInfo.hasNextPage, hotels };
}
