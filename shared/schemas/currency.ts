/** Currencies as the contract writes them. */
import * as z from 'zod';

/** An ISO 4217 code, upper case. */
export const CurrencyCode = z.string().regex(/^[A-Z]{3}$/);

/** The currency of amounts a route gives in the currency the request asked for. */
export const RequestedCurrency = CurrencyCode.meta({
  description: 'ISO 4217 code of the amounts: the requested currency',
});
