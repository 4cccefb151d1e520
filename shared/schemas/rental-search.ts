/** Rental search results (wave 3: GET /v1/rental/search). */
import * as z from 'zod';
import { CurrencyCode } from './currency.ts';
import { ListingIdJson } from './rental.ts';

export const SearchPrice = z.object({
  total: z.number().min(0).nullable().meta({ description: 'The whole stay' }),
  per_night: z.number().min(0).nullable().meta({ description: 'One night, the average' }),
  currency: CurrencyCode,
  display: z.string().meta({ description: 'As the source formats it, e.g. "$2,245"' }),
  qualifier: z.string().nullable().meta({ description: 'The source\'s word, e.g. "total"' }),
});

/** One listing of a search, as its card shows it; the connector hands the id over as a decimal string. */
export const SearchListing = z.object({
  listing_id: z.string().regex(/^[1-9]\d{0,19}$/),
  name: z.string().nullable(),
  kind: z.string().nullable().meta({ description: 'The listing type, e.g. "Apartment", "Hotel"' }),
  title: z.string().nullable().meta({ description: 'The card line, e.g. "Apartment in Lyon"' }),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  rating: z.number().min(0).max(5).nullable(),
  review_count: z.number().int().min(0).nullable(),
  price: SearchPrice.nullable().meta({ description: 'null without dates' }),
  badges: z.array(z.string()),
  free_cancellation: z.boolean().nullable().meta({ description: 'null when the card says nothing' }),
  photo_url: z.string().nullable(),
  url: z.string().meta({ description: 'The listing page' }),
});
export type SearchListing = z.infer<typeof SearchListing>;

/** The same listing in the response: its id the contract's int64 integer, written digit for digit. */
export const SearchListingJson = SearchListing.extend({ listing_id: ListingIdJson });
