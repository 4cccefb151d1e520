// GET /v1/rental/listing/extract-id: the listing id of a rental listing URL, with no upstream call. The URL
// is read by the shared guard (shared/upstream/user-url.ts), which refuses hostile forms, and answered as
// given (trimmed), as the contract says.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { encodedListingId, listingRefOf } from '../../shared/providers/rental/urls.ts';
import { routes } from '../../shared/routes/index.ts';
import { text } from '../../shared/schemas/params.ts';

export const ExtractIdQuery = z.object({
  url: text(2_000).meta({
    description:
      'A rental listing URL on any of its country hosts or its mobile host: /rooms/{id}, /rooms/plus/{id} or /listing/{id}',
  }),
});

export const ExtractIdResponse = z.object({
  success: z.literal(true),
  listing_id: z
    .string()
    .regex(/^[1-9]\d{0,19}$/)
    .meta({ description: 'The listing id as a decimal string, never a JSON number: ids exceed 2^53' }),
  url: z.string().meta({ description: 'The listing URL as given (trimmed)' }),
  encoded_id: z.string().meta({ description: 'The base64 of StayListing:{id}, the platform API id' }),
});

export const handler = endpoint({
  route: routes.rentalExtractId,
  query: ExtractIdQuery,
  response: ExtractIdResponse,
  run: ({ query }, ctx) => {
    const ref = listingRefOf(query.url);
    if (ref === undefined)
      throw ctx.error(
        'LISTING_ID_NOT_FOUND',
        'The URL is a rental URL but names no listing (a search page, an experience, …).',
        { extras: { provided: query.url } },
      );
    return {
      success: true as const,
      listing_id: ref.listingId,
      url: query.url,
      encoded_id: encodedListingId(ref.listingId),
    };
  },
});
