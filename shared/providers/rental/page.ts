/**
 * The listing page's deferred state: `<script id="data-deferred-state-0" type="application/json">` holding
 * `niobeClientData` (formerly `niobeMinimalClientData`), `[key, result]` pairs of the queries the page
 * ran, one of them the `StaysPdpSections` payload. Kept apart so that only the details function parses HTML.
 */
import * as z from 'zod';
import { conform } from '../../extraction/conform.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { scriptJson } from '../../extraction/script-json.ts';
import { type ListingPage, PdpAnswer } from './extract.ts';

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

// 2026-07 pages: the listing beside the sections, on `data.node` (its name where the title section is a
// placeholder). Read only for that name, and never counted: older pages do not carry it.
const Text = z.looseObject({ localizedString: z.string().min(1) });
const Node = z.looseObject({
  data: z.looseObject({
    node: z.looseObject({
      pdpPresentation: z
        .looseObject({ title: z.looseObject({ content: Text }) })
        .optional()
        .catch(undefined),
      description: z.looseObject({ name: Text }).optional().catch(undefined),
    }),
  }),
});

/**
 * The sections payload of a listing page, with the name on its `data.node` where the page has one.
 * @example pdpFromPage(html).metadata?.sharingConfig?.title // 'Sunny loft in Lorvane'
 */
export function pdpFromPage(html: string, status?: number): ListingPage {
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
  const answer = conform('rental', PdpAnswer, result, 'the sections payload', status);
  const page = answer.data?.presentation?.stayProductDetailPage;
  if (!page) throw new ExtractionError('rental', 'the sections payload has no page', undefined, status);
  const node = Node.safeParse(result);
  const nodeName = node.success
    ? (node.data.data.node.pdpPresentation?.title.content.localizedString ??
      node.data.data.node.description?.name.localizedString)
    : undefined;
  return nodeName === undefined ? page.sections : { ...page.sections, nodeName };
}
