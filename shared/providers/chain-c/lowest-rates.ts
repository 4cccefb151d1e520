/**
 * Pure reader of chain_c's older lowest-rates search, `data.searchLowestAvailableRatesByGeolocation`, by
 * the tolerant rule (shared/extraction/tolerant.ts): amounts as integers with a decimal point position in
 * the property's currency (`origin`) and the visitor's (`locale`).
 */
import * as z from 'zod';
import type { ChainCHotel } from '../../schemas/chain-c.ts';
import type { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { tolerant } from '../../extraction/tolerant.ts';
import { dataOrRefusal } from '../../extraction/graphql.ts';
import { operationRefusal, Property, toHotel, type ChainCPage, type ExtractOptions } from './extract.ts';
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
  lengthOfStay: z.number().int().min(1).nullish(),
  rateAmounts: z.array(RateAmount).nullish(),
});
type Rate = z.infer<typeof Rate>;

const Node = z.looseObject({
  // The id names the property: a distance not shown is null, never the property left out.
  distance: z.number().nullish(),
  property: Property,
  // One rate object per property in the answers on record; a list in the monitor that read them.
  rates: z.union([z.array(Rate), Rate]).nullish(),
});

/**
 * The older search, read by the tolerant rule: a placeholder edge, or a property without its identity
 * (id, name), is skipped and counted; a property without its brand or coordinates is kept with them null.
 * An answer has its search results, or it is a refusal (errors).
 */
export const LowestRatesAnswer = tolerant(
  'chain_c',
  dataOrRefusal(
    'searchLowestAvailableRatesByGeolocation',
    z.looseObject({
      total: z.number().int(),
      pageInfo: z.looseObject({ hasNextPage: z.boolean() }),
      edges: z.array(z.looseObject({ node: Node })),
    }),
  ),
  'the lowest-rates answer',
);
export type LowestRatesAnswer = z.infer<typeof LowestRatesAnswer>;

/**
 * The gateway's refusal of the operation (a stale signature, a query not on its safelist), as an upstream
 * error that names what to update; nothing when the answer carries no `errors`.
 * @example refusal({ errors: [{ message: 'not in safelist', extensions: { code: 'QUERY_NOT_IN_SAFELIST' } }] }, 400)?.message
 */
export function refusal(answer: LowestRatesAnswer, status: number): UpstreamError | undefined {
  return operationRefusal(
    answer,
    status,
    OPERATION,
    'lowest_rates_by_geo',
    'its signature and query document (operations.lowest_rates_by_geo, lowest_rates_by_geo_query)',
  );
}

const decimal = (m: z.infer<typeof Money>) => Number((m.value / 10 ** m.valueDecimalPoint).toFixed(6));

/** The side of the amounts priced in the currency asked for; else the one shown to visitors. */
function side(amount: Amount, currency: string): 'locale' | 'origin' {
  if (amount.locale?.currency === currency) return 'locale';
  if (amount.origin?.currency === currency) return 'origin';
  return amount.locale ? 'locale' : 'origin';
}

/**
 * The cash and points price of a rate, or null when the rate shows no nightly cash amount: the night is
 * all a price needs. Taxes, fees and the total are each null when the answer does not show them; the
 * total is `totalAmount` (the stay after tax), else, for one room, the nights of the stay with its taxes
 * and fees when all three are shown (for more rooms nothing says what the taxes and fees cover: null).
 */
function price(rate: Rate | undefined, currency: string, rooms: number | undefined): ChainCHotel['price'] {
  const amounts = rate?.rateAmounts ?? [];
  const cash = amounts.find((a) => a.rateMode.code === 'LOWEST_AVERAGE_NIGHTLY_RATE');
  const points = amounts.find((a) => a.rateMode.code === 'POINTS_PER_UNIT');
  if (!cash?.amount) return null;
  const from = side(cash.amount, currency);
  const pick = (a: Amount | null | undefined) => a?.[from] ?? undefined;
  const nightly = pick(cash.amount);
  if (!nightly) return null;
  const shown = (a: Amount | null | undefined) => {
    const m = pick(a);
    return m ? decimal(m) : null;
  };
  // Absent taxes, fees or points are unknown, never 0 (the identity rule): null.
  const taxes = shown(cash.taxes);
  const fees = shown(cash.fees);
  const nights = rate?.lengthOfStay ?? null;
  const total =
    shown(cash.totalAmount) ??
    (taxes !== null && fees !== null && nights !== null && rooms === 1
      ? Number((decimal(nightly) * nights + taxes + fees).toFixed(6))
      : null);
  return {
    per_night: decimal(nightly),
    total,
    taxes,
    fees,
    currency: nightly.currency,
    points_per_night:
      points?.points === undefined || points.points === null ? null : Math.round(points.points),
  };
}

/**
 * One page of hotels in the contract's terms, with `total` (every match) and whether a page follows. A
 * property is bookable as its rate's status says (null when none does); its price is the rate's nightly
 * cash price when shown, null otherwise or when it cannot be booked, never zeros.
 * @example extractPage(answer, { currency: 'EUR', imageBase: 'https://img.test', siteBase: 'https://www.chain-c.test' }).hotels[0].property_id // 'PARXY'
 */
export function extractPage(answer: LowestRatesAnswer, o: ExtractOptions & { rooms?: number }): ChainCPage {
  const search = answer.data?.searchLowestAvailableRatesByGeolocation;
  if (!search) throw new ExtractionError('chain_c', 'the lowest-rates answer has no search results');
  const hotels = search.edges.map(({ node }) => {
    const rate = Array.isArray(node.rates) ? node.rates[0] : (node.rates ?? undefined);
    return toHotel(
      node.distance,
      node.property,
      { status: rate?.status?.code, price: price(rate, o.currency, o.rooms) },
      o,
      'data.searchLowestAvailableRatesByGeolocation.edges[]',
    );
  });
  return { total: search.total, hasMore: search.pageInfo.hasNextPage, hotels };
}
