/**
 * Pure reader of chain_c's 2026 search, `data.search.lowestAvailableRates.searchByGeolocation` with
 * `total`, `pageInfo` and `edges[].node{distance, property, rates[]}`, by the tolerant rule
 * (shared/extraction/tolerant.ts): a rate's `rateModes.lowestAverageRate` is per night of one room (amount
 * before tax, taxes, fees, `totalAmount` after them), `pointsPerUnit.points` per stay of one room. The search
 * asks in points mode; whether that answers the points beside the cash in one rate or in a rate of their
 * own is not on record, so the cash is read from the first rate that shows cash and the points from the
 * first that shows points.
 */
import * as z from 'zod';
import type { ChainCHotel } from '../../schemas/chain-c.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { dataOrRefusal } from '../../extraction/graphql.ts';
import { tolerant } from '../../extraction/tolerant.ts';
import { cents } from '../../extraction/values.ts';
import { pointsPerRoomNight, stayTotal } from '../rooms-rule.ts';
import { convert, MonetaryAmount, Property, toHotel, type ChainCPage, type DatedOptions } from './extract.ts';
const DatedRate = z.looseObject({
  status: z.looseObject({ code: z.string() }).nullish(),
  lengthOfStay: z.number().int().min(1).nullish(),
  rateModes: z
    .looseObject({
      lowestAverageRate: z
        .looseObject({
          amount: MonetaryAmount,
          taxes: MonetaryAmount.nullish(),
          fees: MonetaryAmount.nullish(),
          totalAmount: MonetaryAmount.nullish(),
        })
        .nullish(),
      pointsPerUnit: z.looseObject({ points: z.number().int().min(0) }).nullish(),
    })
    .nullish(),
});
type DatedRate = z.infer<typeof DatedRate>;

export const DatedSearchAnswer = tolerant(
  'chain_c',
  // The search results are what the route answers from: an answer has them, or it is a refusal (errors).
  dataOrRefusal(
    'search',
    z.looseObject({
      lowestAvailableRates: z.looseObject({
        searchByGeolocation: z.looseObject({
          total: z.number().int(),
          pageInfo: z.looseObject({ hasNextPage: z.boolean() }),
          edges: z.array(
            z.looseObject({
              node: z.looseObject({
                // The id names the property: a distance not shown is null.
                distance: z.number().nullish(),
                property: Property,
                rates: z.array(DatedRate).nullish(),
              }),
            }),
          ),
        }),
      }),
    }),
  ),
  'the search answer',
);
export type DatedSearchAnswer = z.infer<typeof DatedSearchAnswer>;

/**
 * A 2026 rate's price for the stay in the contract's terms: per night of one room before tax; taxes, fees
 * and the total for every room over every night, each null when the answer does not show it (the total
 * after tax is `totalAmount`, else the night with its taxes and fees when both are shown; which part of
 * `totalAmount` is tax and which is fee is not said, so neither is derived from it); points per night from
 * the stay's points of one room, null when the answer shows none. In the property's currency when no rate
 * converts it (the handler refuses that as INVALID_CURRENCY).
 */
function datedPrice(
  rate: DatedRate | undefined,
  stayPoints: number | undefined,
  o: DatedOptions,
): ChainCHotel['price'] {
  const mode = rate?.rateModes?.lowestAverageRate;
  if (!mode) return null;
  const converts = convert(mode.amount, o.rates) !== undefined;
  const value = (m: MonetaryAmount | null | undefined) =>
    m ? (converts ? convert(m, o.rates)! : m.amount / 10 ** m.decimalPoint) : null;
  const stay = (n: number | null) => (n === null ? null : stayTotal(n, o));
  const perNight = value(mode.amount)!;
  const taxes = value(mode.taxes);
  const fees = value(mode.fees);
  const afterTax =
    value(mode.totalAmount) ?? (taxes !== null && fees !== null ? perNight + taxes + fees : null);
  return {
    per_night: cents(perNight),
    total: stay(afterTax),
    taxes: stay(taxes),
    fees: stay(fees),
    currency: converts ? o.currency : mode.amount.currency.toUpperCase(),
    // Per stay of one room in the answer.
    points_per_night:
      stayPoints === undefined ? null : pointsPerRoomNight(stayPoints, { nights: o.nights, rooms: 1 }),
  };
}

/**
 * One page of the 2026 search in the contract's terms, like `extractPage`.
 * @example extractDatedPage(answer, { currency: 'EUR', rates: new Map([['EUR', 1]]), nights: 2, rooms: 1, imageBase, siteBase }).hotels[0].price.per_night // 180.5
 */
export function extractDatedPage(answer: DatedSearchAnswer, o: DatedOptions): ChainCPage {
  const search = answer.data?.search?.lowestAvailableRates?.searchByGeolocation;
  if (!search) throw new ExtractionError('chain_c', 'the search answer has no search results');
  const hotels = search.edges.map(({ node }) => {
    const rates = node.rates ?? [];
    const rate = rates.find((r) => r.rateModes?.lowestAverageRate) ?? rates[0];
    const points = (rate?.rateModes?.pointsPerUnit ? rate : rates.find((r) => r.rateModes?.pointsPerUnit))
      ?.rateModes?.pointsPerUnit?.points;
    return toHotel(
      node.distance,
      node.property,
      { status: rate?.status?.code, price: datedPrice(rate, points, o) },
      o,
      'data.search.lowestAvailableRates.searchByGeolocation.edges[]',
    );
  });
  return { total: search.total, hasMore: search.pageInfo.hasNextPage, hotels };
}
