/** site_a's destination autocomplete: a free-form name to destination ids, labels localised by language. */
import * as z from 'zod';
import { fetchUpstream } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { DestinationSuggestion } from '../../schemas/site-a.ts';
import { conform } from '../../upstream/conform.ts';
import { ExtractionError } from '../../upstream/errors.ts';

const Autocomplete = z.object({
  results: z.array(
    z.object({
      dest_id: z.coerce.number().int(),
      dest_type: z.string(),
      name: z.string(),
      label: z.string(),
      cc1: z.string().default(''),
      latitude: z.number(),
      longitude: z.number(),
    }),
  ),
});

/** @example await destinationsFor(ctx, 'paris', 'fr') // up to 5 suggestions, best first */
export async function destinationsFor(
  ctx: UpstreamContext,
  query: string,
  language: string,
): Promise<DestinationSuggestion[]> {
  const res = await fetchUpstream(
    {
      provider: 'site_a',
      path: '/autocomplete.json',
      query: { query, lang: language },
      expect: 'json',
      cache: 'ids',
    },
    ctx,
  );
  const parsed = Autocomplete.safeParse(res.body);
  if (!parsed.success)
    throw new ExtractionError('site_a', 'autocomplete results do not have the expected fields', parsed.error);
  return parsed.data.results.slice(0, 5).map((r) =>
    conform(
      'site_a',
      DestinationSuggestion,
      {
        dest_id: r.dest_id,
        dest_type: r.dest_type.toUpperCase(),
        name: r.name,
        label: r.label,
        country_code: r.cc1.toUpperCase(),
        latitude: r.latitude,
        longitude: r.longitude,
      },
      'a destination suggestion',
    ),
  );
}
