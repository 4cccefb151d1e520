/**
 * site_a's readers, one module per answer: here the autocomplete (its destinations, by the tolerant rule);
 * the search results page in search-page.ts, the GraphQL review list in review-list.ts, and the hotel page
 * in hotel-page.ts (with details.ts, scores.ts, rooms.ts and gallery.ts reading its parts).
 */
import * as z from 'zod';
import { DestinationSuggestion, DestType } from '../../schemas/site-a.ts';
import { conform } from '../../extraction/conform.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { tolerant } from '../../extraction/tolerant.ts';
/**
 * Read by the tolerant rule (docs/connector-guide.md): an item needs its id and type (what the lookup
 * hands on); the rest may be absent and reads as null.
 */
export const AutocompleteAnswer = tolerant(
  'site_a',
  z.object({
    results: z.array(
      z.looseObject({
        dest_id: z.union([z.string(), z.number()]),
        dest_type: z.string(),
        label: z.string().optional(),
        label1: z.string().optional(),
        value: z.string().optional(),
        // Two letters, or empty where the item names no country (a region across borders): null then.
        cc1: z
          .string()
          .regex(/^(?:[A-Za-z]{2})?$/)
          .nullish(),
        latitude: z.number().optional(),
        longitude: z.number().optional(),
      }),
    ),
  }),
  'the autocomplete',
);
export type AutocompleteAnswer = z.infer<typeof AutocompleteAnswer>;

/**
 * Suggestions in the contract's terms, at most five. Items of a type outside the contract's (`hotel`,
 * `country`) are skipped, not failed; `name` is `label1` (else `value`), since the real item has no `name`.
 * @example extractDestinations({ results: [{ dest_id: '-1456928', dest_type: 'city', label: 'Paris, France', label1: 'Paris', cc1: 'fr', latitude: 48.8, longitude: 2.3 }] })[0].dest_id // -1456928
 */
export function extractDestinations(answer: AutocompleteAnswer): DestinationSuggestion[] {
  const out: DestinationSuggestion[] = [];
  for (const item of answer.results) {
    const type = DestType.safeParse(item.dest_type.toUpperCase());
    // A type the contract has no name for (hotel, country) is skipped; a missing one means the format drifted.
    if (!/^[a-z_]+$/.test(item.dest_type))
      throw new ExtractionError('site_a', `an autocomplete item without a destination type`);
    if (!type.success) continue;
    const label = item.label || item.value || null;
    out.push(
      conform(
        'site_a',
        DestinationSuggestion,
        {
          dest_id: Number(item.dest_id),
          dest_type: type.data,
          name: item.label1 || item.value || label?.split(', ')[0] || null,
          label,
          country_code: item.cc1 ? item.cc1.toUpperCase() : null,
          latitude: item.latitude ?? null,
          longitude: item.longitude ?? null,
        },
        'a destination suggestion',
      ),
    );
    if (out.length === 5) break;
  }
  return out;
}
