/**
 * The listing page's deferred state: `<script id="data-deferred-state-0" type="application/json">` holding
 * `niobeClientData` (formerly `niobeMinimalClientData`), `[key, result]` pairs of the queries the page
 * ran, one of them the `StaysPdpSections` payload. Kept apart so that only the details function parses HTML.
 */
import * as z from 'zod';
import { conform } from '../../extraction/conform.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { scriptJson } from '../../extraction/script-json.ts';
import { PdpAnswer, type PdpSections } from './extract.ts';

const Entries = z.array(z.tuple([z.unknown(), z.unknown()]).rest(z.unknown()));
const DeferredState = z.looseObject({
  niobeClientData: Entries.optional(),
  niobeMinimalClientData: Entries.optional(),
});
// Finds the sections result among the page's queries without judging it yet.
const Locator = z.looseObject({
  data: z.looseObject({
    presentation: z.looseObject({ stayProductDetailPage: z.looseObject({ sections: z.unknown() }) }),
  }),
});

/**
 * The sections payload of a listing page.
 * @example pdpFromPage(html).metadata?.sharingConfig?.title // 'Sunny loft in Lorvane'
 */
export function pdpFromPage(html: string, status?: number): PdpSections {
  const json = scriptJson('rental', html, 'data-deferred-state-0', 'the listing page', status);
  const state = conform('rental', DeferredState, json, 'the deferred state', status);
  const result = (state.niobeClientData ?? state.niobeMinimalClientData ?? [])
    .map((entry) => entry[1])
    .find((r) => Locator.safeParse(r).success);
  if (!result)
    throw new ExtractionError(
      'rental',
      'the deferred state holds no StaysPdpSections result',
      undefined,
      status,
    );
  const page = conform('rental', PdpAnswer, result, 'the sections payload', status).data?.presentation
    .stayProductDetailPage;
  if (!page) throw new ExtractionError('rental', 'the sections payload has no page', undefined, status);
  return page.sections;
}
