/**
 * Pure reader of chain_c's display converter, `data.convertCurrency{exchangeRate,
 * exchangeRateDecimalPoint}`, by the tolerant rule (shared/extraction/tolerant.ts).
 */
import * as z from 'zod';
import { tolerant } from '../../extraction/tolerant.ts';
import { dataOrRefusal } from '../../extraction/graphql.ts';
const ConverterRate = z.looseObject({
  exchangeRate: z.number().positive(),
  // A fixed-point rate is read with its decimal point, or not at all: without it, a rate of
  // 1.086957 would read as 1086957.
  exchangeRateDecimalPoint: z.number().int().min(0).max(12),
});

// A rate, or the converter's own error (an unsupported currency): an answer with neither is a changed
// format, never "converts nothing".
export const ConvertAnswer = tolerant(
  'chain_c',
  dataOrRefusal('convertCurrency', ConverterRate, ConverterRate.nullish()),
  'the currency rate',
);
export type ConvertAnswer = z.infer<typeof ConvertAnswer>;

/**
 * The rate of a converter answer, or undefined when it converts nothing (an unsupported currency: the
 * converter's error, which the schema requires where there is no rate).
 * @example exchangeRate({ data: { convertCurrency: { exchangeRate: 1086957, exchangeRateDecimalPoint: 6 } } }) // 1.086957
 */
export function exchangeRate(answer: ConvertAnswer): number | undefined {
  const r = answer.data?.convertCurrency;
  return r ? r.exchangeRate / 10 ** r.exchangeRateDecimalPoint : undefined;
}
