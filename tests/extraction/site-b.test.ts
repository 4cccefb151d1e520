// site_b's extractors and requests on fixtures in the real formats (written fresh, invented values) and on
// the sandbox's real-size pages.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { hotelPage, siteB as sandboxSiteB } from '../../infra/sandbox/sites/site-b.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import {
  extractReviewsPage,
  hotelIdInPage,
  HotelReviewsAnswer,
  noIdReason,
  ReviewCommentsAnswer,
} from '../../shared/providers/site-b/extract.ts';
import {
  hotelReviewsRequest,
  reviewCommentsRequest,
  sortCode,
} from '../../shared/providers/site-b/requests.ts';
import { parseSiteBUrl } from '../../shared/providers/site-b/urls.ts';
import { conform } from '../../shared/extraction/conform.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { useProviders, type Providers } from '../../shared/upstream/providers.ts';
import { fixtureText, withDrift } from '../helpers/fixtures.ts';

const fixture = (name: string) => fixtureText('site-b', name);
const json = (name: string): unknown => JSON.parse(fixture(name));
const providers = (operations: Record<string, string> = {}): Providers => ({
  site_b: { baseUrl: 'http://127.0.0.1:9/site_b', hosts: ['www.site-b.test'], operations },
});

beforeAll(() => useProviders(providers()));
afterAll(() => useProviders({}));

describe('hotel id markers', () => {
  const page = fixture('hotel-page.html');

  it("reads the initparam script's apiUrl first, not an earlier hotel_id= elsewhere in the page", () => {
    expect(hotelIdInPage(page)).toBe(48120577);
    expect(hotelIdInPage(page.replace('hotel_id=48120577', 'hotel_id=5'))).toBe(5);
  });

  it.each([
    ['hotelId:', (p: string) => p.replace('&amp;hotel_id=48120577', '')],
    ['propertyId:', (p: string) => p.replace('&amp;hotel_id=48120577', '').replace('hotelId:', 'hotelRef:')],
  ])('falls back to %s', (_marker, strip) => {
    expect(hotelIdInPage(strip(page))).toBe(48120577);
  });

  it('never reads a number the page has not finished sending', () => {
    const cut = page.indexOf('hotel_id=48120577') + 'hotel_id=4812'.length;
    expect(hotelIdInPage(page.slice(0, cut))).toBeUndefined();
  });

  it('tells a client-rendered shell from a page whose markers changed', () => {
    const shell = fixture('shell-page.html');
    expect(hotelIdInPage(shell)).toBeUndefined();
    expect(noIdReason(shell)).toMatch(/client-rendered shell/);
    expect(noIdReason(page.replace(/hotel_id=|hotelId:|propertyId:/g, 'x='))).toBe(
      'the hotel page carries no hotel id',
    );
  });
});

describe('sandbox hotel pages', () => {
  const route = sandboxSiteB.routes.find(([m, re]) => m === 'GET' && re.test('/x/hotel/paris-fr.html'))!;
  const serve = async (path: string) => {
    const res = await route[2]({
      method: 'GET',
      body: '',
      path,
      query: new URLSearchParams(),
      headers: {},
      base: '',
      match: route[1].exec(path)!,
    });
    return res as { status: number; html: string };
  };

  it('are real-size, with an empty title and JSON-LD, no data attribute, and the markers at real depths', () => {
    for (const h of getWorld().hotels.slice(0, 6)) {
      const html = hotelPage(h);
      const kb = (needle: string) => html.indexOf(needle) / 1024;
      expect(html.length / 1024).toBeGreaterThan(230);
      expect(html).toContain('<title></title>');
      expect(html).toMatch(
        /data-selenium="bay-hotel-schema-json-ld" type="application\/ld\+json"><\/script>/,
      );
      expect(html).not.toContain('data-property-id');
      expect(kb(`hotel_id=${h.ids.site_b}`)).toBeGreaterThan(100);
      expect(kb(`hotelId:${h.ids.site_b}`)).toBeGreaterThan(kb(`hotel_id=${h.ids.site_b}`));
      expect(kb(`propertyId:${h.ids.site_b}`)).toBeGreaterThan(230);
      expect(hotelIdInPage(html)).toBe(h.ids.site_b);
    }
  });

  it('yield no id after a redesign that renders client-side', () => {
    const html = hotelPage(getWorld().hotels[3]!);
    const relaid = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/\bdata-/g, 'data-v2-');
    expect(hotelIdInPage(relaid)).toBeUndefined();
    expect(noIdReason(relaid)).toMatch(/client-rendered shell/);
  });

  it('are served under the old slug and the newer -h<id> slug alike', async () => {
    // Prepare
    const h = getWorld().hotels[7]!;
    const place = `${h.city.slug}-${h.city.country.toLowerCase()}`;
    // Act
    const old = await serve(`/${h.slug}/hotel/${place}.html`);
    const newer = await serve(`/${h.slug}-h${h.ids.site_b}/hotel/${place}.html`);
    const wrongId = await serve(`/${h.slug}-h${h.ids.site_b + 1}/hotel/${place}.html`);
    // Assess
    expect(hotelIdInPage(old.html)).toBe(h.ids.site_b);
    expect(newer.html).toBe(old.html);
    expect(wrongId.status).toBe(404);
  });
});

describe('hotel URLs', () => {
  it.each([
    ['https://www.site-b.test/harbour-lantern-inn/hotel/velmora-zz.html', {}],
    ['https://www.site-b.test/harbour-lantern-inn-h48120577/hotel/velmora-zz.html', { idInSlug: 48120577 }],
    [
      'https://www.site-b.test/en-gb/harbour-lantern-inn-h48120577/hotel/all/velmora-zz.html',
      { idInSlug: 48120577 },
    ],
    ['https://www.site-b.test/hotel-48120577.html', { idInShortForm: 48120577 }],
    ['https://www.site-b.test/the-h2o-house/hotel/velmora-zz.html', {}],
  ])('reads %s', (input, ids) => {
    const parsed = parseSiteBUrl(input);
    expect({ idInSlug: parsed.idInSlug, idInShortForm: parsed.idInShortForm }).toEqual({
      idInSlug: undefined,
      idInShortForm: undefined,
      ...ids,
    });
  });
});

describe('ReviewComments answer', () => {
  const answer = ReviewCommentsAnswer.parse(json('review-comments.json'));

  it("keeps site_b's own reviews only, counted by its provider's totalIndex and scored by combinedReview", () => {
    const page = extractReviewsPage(48120577, 'Harbour Lantern Inn', answer, 1);
    expect(page.reviews.map((r) => r.review_id)).toEqual(['730011201', '730011188', '730011150']);
    expect(page.pagination).toEqual({ current_page: 1, page_size: 20, total_count: 57, total_pages: 3 });
    expect(page.review_score).toEqual({ overall: 8.3, score_text: 'Excellent', review_count: 69 });
  });

  it('maps every contract field from its real path', () => {
    const [first, second] = extractReviewsPage(48120577, 'Harbour Lantern Inn', answer, 1).reviews;
    expect(first).toEqual({
      review_id: '730011201',
      rating: 9.2,
      title: 'Quiet courtyard',
      comment: 'A calm courtyard room five minutes from the old port.',
      pros: 'Courtyard, breakfast.',
      cons: '',
      reviewer: { name: 'Orla', country: 'Ireland', level: '', group_type: 'Couple' },
      date: 'February 11, 2027',
      stay_date: 'January 2027',
      room_type: 'Deluxe Double Room',
      helpful_count: 4,
      language: 'en',
      photos: [],
      sub_ratings: {},
      owner_response: {
        text: 'Thank you, Orla, for the kind words.',
        published_date: '2027-02-13T10:05:00+01:00',
        author: 'Harbour Lantern Inn',
      },
    });
    expect(second).toMatchObject({
      reviewer: { level: 'Expert reviewer' },
      language: 'pl',
      cons: 'Thin walls; street noise until late.',
      owner_response: null,
    });
  });

  it('dates an owner response from its formatted date when the answer has no ISO one', () => {
    const third = extractReviewsPage(48120577, 'Harbour Lantern Inn', answer, 1).reviews[2]!;
    expect(third.owner_response).toEqual({
      text: 'We look forward to your next visit.',
      published_date: '2027-01-22T00:00:00.000Z',
      author: 'Guest relations',
    });
  });

  it("keeps an owner reply whose date names no day ('Responded 3 days ago'), its text kept, its date null and counted", () => {
    // Prepare: the last review's reply dated only relatively, without an ISO date
    const comments = [...answer.comments];
    const relative: Record<string, unknown> = {
      ...comments.pop(),
      formattedResponseDate: 'Responded 3 days ago',
    };
    delete relative.responseDate;
    const parsed = ReviewCommentsAnswer.parse({ ...answer, comments: [...comments, relative] });
    // Act
    const { value: page, drift } = withDrift(() => extractReviewsPage(1, 'X', parsed, 1));
    // Assess: the page is served, never a 502 for one reply's date
    expect(page.reviews.map((r) => r.review_id)).toEqual(['730011201', '730011188', '730011150']);
    expect(page.reviews[2]!.owner_response).toEqual({
      text: 'We look forward to your next visit.',
      published_date: null,
      author: 'Guest relations',
    });
    expect(drift).toContainEqual({
      provider: 'site_b',
      kind: 'missing',
      field: 'comments[].formattedResponseDate',
      count: 1,
    });
  });

  it("gives a reviewer's level as the expert flag says it: 'Expert reviewer', empty for no expert, null when the flag is null or absent", () => {
    // Prepare
    const [own] = answer.comments as Record<string, unknown>[];
    const withFlag = (flag: unknown) => ({
      ...own,
      reviewerInfo: { displayMemberName: 'Ines', ...(flag === undefined ? {} : { isExpertReviewer: flag }) },
    });
    const comments = [true, false, null, undefined].map(withFlag);
    // Act
    const page = extractReviewsPage(1, 'X', ReviewCommentsAnswer.parse({ ...answer, comments }), 1);
    // Assess: an unknown level is null, never an empty text
    expect(page.reviews.map((r) => r.reviewer.level)).toEqual(['Expert reviewer', '', null, null]);
  });

  it('reads a list without its combined score, or with part of it, as an unknown score: nulls, never 0 or an empty wording', () => {
    // Act
    const none = extractReviewsPage(1, 'X', { ...answer, combinedReview: null }, 1);
    const part = extractReviewsPage(
      1,
      'X',
      ReviewCommentsAnswer.parse({ ...answer, combinedReview: { score: { score: 7.9 } } }),
      1,
    );
    // Assess: the reviews are still served
    expect(none.review_score).toEqual({ overall: null, score_text: null, review_count: null });
    expect(none.reviews).toHaveLength(3);
    expect(part.review_score).toEqual({ overall: 7.9, score_text: null, review_count: null });
  });

  it('keeps an own review without its rating, rating null', () => {
    // Prepare
    const [own, ...rest] = answer.comments;
    const unrated: Record<string, unknown> = { ...own };
    delete unrated.rating;
    // Act
    const page = extractReviewsPage(
      1,
      'X',
      ReviewCommentsAnswer.parse({ ...answer, comments: [unrated, ...rest] }),
      1,
    );
    // Assess
    expect(page.reviews.map((r) => r.review_id)).toEqual(['730011201', '730011188', '730011150']);
    expect(page.reviews[0]).toMatchObject({ rating: null, title: 'Quiet courtyard' });
  });

  it('counts negative totals as drift', () => {
    const drifted = { ...answer, providerList: [{ id: 332, totalIndex: -1_000_057 }] };
    expect(ReviewCommentsAnswer.safeParse(drifted).success).toBe(false);
  });

  it('reads an own review without its optional fields, skips one without its id, and never reads a partner one', () => {
    const [own, partner] = answer.comments;
    const bare = { ...answer, comments: [{ ...own, reviewerInfo: undefined }, partner] };
    expect(extractReviewsPage(1, 'X', ReviewCommentsAnswer.parse(bare), 1).reviews[0]!.reviewer).toEqual({
      name: null,
      country: null,
      level: null,
      group_type: null,
    });
    const anonymous: Record<string, unknown> = { ...own };
    delete anonymous.hotelReviewId;
    const skipped = { ...answer, comments: [anonymous, ...answer.comments] };
    expect(extractReviewsPage(1, 'X', ReviewCommentsAnswer.parse(skipped), 1).reviews).toEqual(
      extractReviewsPage(1, 'X', answer, 1).reviews,
    );
    const wrong = { ...answer, comments: [{ ...own, rating: 'ten' }, partner] };
    expect(() => extractReviewsPage(1, 'X', conform('site_b', ReviewCommentsAnswer, wrong, 'x'), 1)).toThrow(
      ExtractionError,
    );
    const onlyPartner = { ...answer, comments: [partner] };
    expect(extractReviewsPage(1, 'X', ReviewCommentsAnswer.parse(onlyPartner), 1).reviews).toEqual([]);
  });
});

describe('HotelReviews answer', () => {
  it("gives the hotel's name, or null for an id site_b has no hotel for", () => {
    expect(HotelReviewsAnswer.parse(json('hotel-reviews.json')).hotelName).toBe('Harbour Lantern Inn');
    expect(HotelReviewsAnswer.parse(json('hotel-reviews-unknown.json')).hotelName).toBeNull();
    expect(HotelReviewsAnswer.safeParse({ hotelName: '' }).success).toBe(false);
  });
});

describe('review requests', () => {
  it('post the real body with the provider filter, as the web app XHR with the session', () => {
    const req = reviewCommentsRequest(48120577, 2, 1, '/harbour-lantern-inn/hotel/velmora-zz.html');
    expect(req).toMatchObject({
      method: 'POST',
      path: '/api/cronos/property/review/ReviewComments',
      session: true,
      safe: true,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        origin: 'https://www.site-b.test',
        referer: 'https://www.site-b.test/harbour-lantern-inn/hotel/velmora-zz.html',
      },
      body: {
        json: {
          hotelId: 48120577,
          providerId: 332,
          demographicId: 0,
          page: 2,
          pageSize: 20,
          sorting: 1,
          providerIds: [332],
          isReviewPage: false,
          isCrawlablePage: true,
          filters: { language: [], room: [] },
          searchKeyword: '',
          searchFilters: [],
        },
      },
    });
    expect(hotelReviewsRequest(48120577)).toMatchObject({
      path: '/api/cronos/property/review/HotelReviews',
      cache: 'ids',
      body: { json: { hotelId: 48120577, hotelProviderId: 332 } },
    });
  });

  it('map the contract sort values to configured codes, 1/2/3 by default', () => {
    expect([sortCode(7), sortCode(6), sortCode(5)]).toEqual([
      { operation: 'sort_recent', code: 1 },
      { operation: 'sort_high', code: 2 },
      { operation: 'sort_low', code: 3 },
    ]);
    useProviders(providers({ sort_recent: '7', sort_high: '6', sort_low: '5' }));
    expect([sortCode(7).code, sortCode(6).code, sortCode(5).code]).toEqual([7, 6, 5]);
    useProviders(providers());
  });
});
