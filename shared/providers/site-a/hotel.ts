/**
 * site_a hotel pages as the wave 3 routes read them: details and scores from one undated page read (one
 * cache entry, so that the second of the two costs no request), scores' facets from the review list, and
 * rooms from the page asked with the stay (rooms.ts).
 */
import type { SiteAHotelDetails, SiteAHotelScores } from '../../schemas/site-a-hotel.ts';
import { fetchParsed } from '../../upstream/client.ts';
import { conform } from '../../extraction/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { UpstreamError, UpstreamUnavailableError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { recordMissing } from '../../extraction/tolerant.ts';
import { DetailsView, detailsView, toDetails } from './details.ts';
import { ReviewListEnvelope } from './review-list.ts';
import { hotelPageData, readHotelPage, type HotelPageData } from './hotel-page.ts';
import { hotelRefById } from './lookup.ts';
import { knownRefs } from './known.ts';
import { hotelPageIn, reviewListRequest, reviewSorter } from './requests.ts';
import { facetsOf, ReviewFacets, ScoresView, scoresView, toScores } from './scores.ts';
import { hotelUrl, imageBase, type HotelRef } from './urls.ts';

/** A hotel asked by its id, or by its page (a URL). */
export type HotelTarget = { hotelId: string } | { ref: HotelRef };

/** The language the scores read the page in: the details' default, so that both share one read. */
const SCORES_LANGUAGE = 'en-us';

/**
 * The undated page of a hotel, or undefined when site_a has no such hotel (no page, or a page of another
 * hotel than the id asked: the search led elsewhere).
 */
async function pageOf(
  ctx: UpstreamContext,
  ref: HotelRef,
  language: string,
  hotelId?: string,
): Promise<HotelPageData | undefined> {
  const page = await readHotelPage(ctx, hotelPageIn(ref, language), hotelPageData, 'hotel page data');
  if (!page) return undefined;
  if (hotelId !== undefined && page.hotelId !== undefined && page.hotelId !== hotelId) return undefined;
  const id = hotelId ?? page.hotelId;
  if (id) knownRefs.set(id, ref);
  return page;
}

/**
 * A hotel's static facts, or undefined when site_a has no such hotel.
 * @example await hotelDetails(ctx, { hotelId: '1007790' }, 'en-us')
 */
export async function hotelDetails(
  ctx: UpstreamContext,
  target: HotelTarget,
  language: string,
): Promise<SiteAHotelDetails | undefined> {
  const ref = 'ref' in target ? target.ref : await hotelRefById(ctx, target.hotelId);
  if (!ref) return undefined;
  const page = await pageOf(ctx, ref, language, 'hotelId' in target ? target.hotelId : undefined);
  if (!page) return undefined;
  const view = conform('site_a', DetailsView, detailsView(page, imageBase()), 'the hotel page');
  return toDetails(view, hotelUrl(ref));
}

/**
 * The review list's facets (score bands, languages), or nulls where it does not answer: they complete the
 * scores, which stand without them.
 */
async function facets(
  ctx: UpstreamContext,
  hotelId: string,
  countryCode: string,
): Promise<Pick<SiteAHotelScores, 'distribution' | 'languages'>> {
  // Facets not read are counted as missing, so that a review list that stopped answering them shows.
  const none = () => {
    recordMissing('site_a', 'reviewScoreFilter', 'the review list facets');
    recordMissing('site_a', 'languageFilter', 'the review list facets');
    return { distribution: null, languages: null };
  };
  try {
    const res = await fetchParsed(
      reviewListRequest({
        hotelId,
        countryCode,
        sorter: reviewSorter('relevance').value,
        skip: 0,
        // The facets come with any page of the list; whether a limit of 0 answers them is unverified.
        limit: 1,
      }),
      ReviewListEnvelope,
      ctx,
      'the review list',
    );
    const result = res.body.data?.reviewListFrontend;
    if (res.body.errors?.length || !result || result.__typename === 'ReviewsFrontendError') return none();
    return facetsOf(conform('site_a', ReviewFacets, result, 'the review list facets', res.status));
  } catch (error) {
    if (
      error instanceof UpstreamError ||
      error instanceof ExtractionError ||
      error instanceof UpstreamUnavailableError
    )
      return none();
    throw error;
  }
}

/**
 * A hotel's review scores: `'unknown'` when site_a has no such hotel, undefined when it has no scores.
 * @example await hotelScores(ctx, '1007790')
 */
export async function hotelScores(
  ctx: UpstreamContext,
  hotelId: string,
): Promise<SiteAHotelScores | undefined | 'unknown'> {
  const ref = await hotelRefById(ctx, hotelId);
  if (!ref) return 'unknown';
  const [page, bands] = await Promise.all([
    pageOf(ctx, ref, SCORES_LANGUAGE, hotelId),
    facets(ctx, hotelId, ref.cc),
  ]);
  if (!page) return 'unknown';
  return toScores(conform('site_a', ScoresView, scoresView(page), 'the hotel page'), hotelId, bands);
}
