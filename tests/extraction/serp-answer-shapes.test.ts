// The SERP API engines' answers (web_search, maps_reviews, maps_hotels) read by shape: a successful answer
// counts no field that only another shape carries (the error of a failure, the single match of a list, a
// details answer's keys in a list, sellers on a listed hotel), while a field its own shape should carry
// is still counted when it goes missing (real-sources §15). Answers written fresh, invented values.
import { describe, expect, it } from '@jest/globals';
import { conform } from '../../shared/extraction/conform.ts';
import { extractResults, SearchAnswer } from '../../shared/providers/web-search/extract.ts';
import { extractPlace, PlaceSearchAnswer } from '../../shared/providers/maps-reviews/extract.ts';
import { extractPlaceDetails, PlaceAnswer } from '../../shared/providers/maps-reviews/place.ts';
import { extractHotels, HotelsAnswer } from '../../shared/providers/maps-hotels/extract.ts';
import { MAPS_HOTELS_SEARCH } from '../helpers/fixture-queries.ts';
import { withDrift } from '../helpers/fixtures.ts';

const metadata = (engine: string) => ({
  id: '6a1f0c2e9b7d4e11a0c3f5d2',
  status: 'Success',
  [`${engine}_url`]: `https://www.engine.test/${engine}?q=Weimar`,
});

/** The fields a read counted missing. */
const missing = (act: () => unknown) =>
  withDrift(act)
    .drift.filter((d) => d.kind === 'missing')
    .map((d) => d.field);

describe('web_search', () => {
  const success = () => ({
    search_metadata: metadata('search'),
    search_information: {
      organic_results_state: 'Results for exact spelling',
      query_displayed: 'Lindenhof Weimar',
      total_results: 4120,
    },
    organic_results: [
      { position: 1, title: 'Lindenhof Weimar', link: 'https://lindenhof.test/', snippet: 'A garden hotel.' },
      { position: 2, title: 'Weimar hotels', link: 'https://guide.test/weimar', snippet: 'Where to stay.' },
    ],
  });

  it('counts no error missing on a successful answer', () => {
    // Act
    const fields = missing(() => extractResults(conform('web_search', SearchAnswer, success(), 'x')));
    // Assess
    expect(fields).toEqual([]);
  });

  it('still counts a result field that goes missing', () => {
    // Prepare
    const answer = success();
    delete (answer.organic_results[1] as { title?: string }).title;
    // Act
    const fields = missing(() => extractResults(conform('web_search', SearchAnswer, answer, 'x')));
    // Assess
    expect(fields).toEqual(['organic_results[].title']);
  });

  it('reads a blank title or snippet as absent, and counts it (no longer hidden by the error noise)', () => {
    // Prepare
    const answer = success();
    answer.organic_results[0]!.title = ' ';
    answer.organic_results[1]!.snippet = '';
    // Act
    let results: unknown[] = [];
    const fields = missing(() => {
      results = extractResults(conform('web_search', SearchAnswer, answer, 'x'));
    });
    // Assess
    expect(fields.sort()).toEqual(['organic_results[].snippet', 'organic_results[].title']);
    expect(results).toEqual([
      { position: 1, link: 'https://lindenhof.test/', snippet: 'A garden hotel.' },
      { position: 2, title: 'Weimar hotels', link: 'https://guide.test/weimar' },
    ]);
  });

  it('still reads an empty answer by its error text, and refuses an error that is no text', () => {
    // Prepare
    const empty = {
      search_metadata: metadata('search'),
      error: "The engine hasn't returned any results for this query.",
    };
    // Act and Assess
    expect(extractResults(conform('web_search', SearchAnswer, empty, 'x'))).toEqual([]);
    expect(() => extractResults(conform('web_search', SearchAnswer, { ...empty, error: 7 }, 'x'))).toThrow(
      /\(error: .*expected string/,
    );
  });
});

describe('maps_reviews place search', () => {
  const place = (title: string, id: string) => ({
    position: 1,
    title,
    data_id: `0x47a41a${id}:0x9c2e${id}`,
    place_id: `ChIJx${id}Qd0Zv5kcR`,
    address: 'Am Frauenplan 4, 99423 Weimar',
  });
  const list = () => ({
    search_metadata: metadata('maps'),
    search_information: { local_results_state: 'Results for exact spelling' },
    local_results: [place('Lindenhof Garden Hotel', '11'), place('Lindenhof Cafe', '22')],
  });

  it('counts neither the single match nor the error missing on a list, nor the list on a single match', () => {
    // Prepare
    const single = { search_metadata: metadata('maps'), place_results: place('Lindenhof', '33') };
    // Act
    const fields = [
      ...missing(() => extractPlace(conform('maps_reviews', PlaceSearchAnswer, list(), 'x'))),
      ...missing(() => extractPlace(conform('maps_reviews', PlaceSearchAnswer, single, 'x'))),
      ...missing(() =>
        extractPlaceDetails(conform('maps_reviews', PlaceAnswer, list(), 'x'), {
          placeId: 'ChIJx11Qd0Zv5kcR',
        }),
      ),
    ];
    // Assess
    expect(fields.filter((f) => ['place_results', 'local_results', 'error'].includes(f))).toEqual([]);
  });

  it('still counts a listed place field that goes missing', () => {
    // Prepare
    const answer = list();
    delete (answer.local_results[0] as { address?: string }).address;
    // Act
    const fields = missing(() => extractPlace(conform('maps_reviews', PlaceSearchAnswer, answer, 'x')));
    // Assess
    expect(fields).toEqual(['local_results[].address']);
  });
});

describe('maps_hotels list', () => {
  const hotel = (name: string, token: string) => ({
    type: 'hotel',
    name,
    property_token: token,
    gps_coordinates: { latitude: 50.98, longitude: 11.33 },
    check_in_time: '3:00\u202fPM',
    check_out_time: '11:00\u202fAM',
    rate_per_night: { lowest: '€131', extracted_lowest: 131 },
    total_rate: { lowest: '€262', extracted_lowest: 262 },
    extracted_hotel_class: 4,
    overall_rating: 4.4,
    reviews: 812,
    amenities: ['Free Wi-Fi'],
    images: [{ thumbnail: 'https://img.test/t1.jpg', original_image: 'https://img.test/o1.jpg' }],
    description: 'A quiet hotel near the park.',
  });
  const answer = () => ({
    search_metadata: metadata('hotels'),
    search_parameters: { engine: 'hotels', q: 'Weimar', currency: 'EUR' },
    search_information: { total_results: 64 },
    // An ad as real answers carry it: its own token, one seller's nightly price, a numeric class.
    ads: [
      {
        name: 'Lindenhof Garden Hotel',
        source: 'Seller Two',
        source_icon: 'https://img.test/seller2.png',
        link: 'https://maps.test/aclk?ai=x1',
        property_token: 'ChcIad01',
        serpapi_property_details_link: 'https://serp.test/search.json?engine=hotels&property_token=ChcIad01',
        gps_coordinates: { latitude: 50.98, longitude: 11.33 },
        hotel_class: 4,
        thumbnail: 'https://img.test/ad1.jpg',
        overall_rating: 4.4,
        reviews: 812,
        price: '€140',
        extracted_price: 140,
        amenities: ['Free Wi-Fi'],
        free_cancellation: true,
      },
    ],
    properties: [
      hotel('Lindenhof Garden Hotel', 'ChcIorg01'),
      hotel('Goethe Residenz', 'ChcIorg02'),
      {
        type: 'vacation rental',
        name: 'Altstadt Loft',
        property_token: 'ChcIorg03',
        gps_coordinates: { latitude: 50.97, longitude: 11.32 },
        rate_per_night: { lowest: '€95', extracted_lowest: 95 },
        total_rate: { lowest: '€190', extracted_lowest: 190 },
        prices: [{ source: 'Seller One', rate_per_night: { lowest: '€104', extracted_lowest: 104 } }],
        overall_rating: 4.7,
        reviews: 36,
        amenities: ['Kitchen'],
        images: [{ thumbnail: 'https://img.test/t2.jpg', original_image: 'https://img.test/o2.jpg' }],
      },
    ],
  });
  const read = (raw: unknown) =>
    missing(() =>
      extractHotels(conform('maps_hotels', HotelsAnswer, raw, 'x'), MAPS_HOTELS_SEARCH, 'hotels'),
    );

  it("counts no details-only, error-only or rental-only field missing on a list's hotels", () => {
    // Act
    const fields = read(answer());
    // Assess: the rental alone carries no hotel class, times or description of its own (counted)
    expect(fields.sort()).toEqual([
      'properties[].check_in_time',
      'properties[].check_out_time',
      'properties[].description',
      'properties[].extracted_hotel_class',
    ]);
  });

  it('still counts a listed hotel field that goes missing', () => {
    // Prepare
    const raw = answer();
    delete (raw.properties[0] as { overall_rating?: number }).overall_rating;
    raw.properties.splice(2, 1);
    // Act
    const fields = read(raw);
    // Assess
    expect(fields).toEqual(['properties[].overall_rating']);
  });

  it("reads no sellers of a listed hotel, whatever it carries under prices (only rentals' are read)", () => {
    // Prepare: a listed hotel with a prices list of placeholders and strings its shape does not check
    const raw = answer();
    Object.assign(raw.properties[0]!, { prices: [null, { total_rate: { extracted_lowest: '999' } }] });
    // Act
    const { hotels } = extractHotels(
      conform('maps_hotels', HotelsAnswer, raw, 'x'),
      MAPS_HOTELS_SEARCH,
      'hotels',
    );
    // Assess: its price is its own total, never a seller's unchecked value
    expect(hotels[0]!.price.max_price).toBe(262);
  });

  it('names the field that broke when a listed property changes type, not the list as a whole', () => {
    // Prepare
    const raw = answer();
    Object.assign(raw.properties[1]!, { reviews: 'many' });
    // Act
    const act = () => conform('maps_hotels', HotelsAnswer, raw, 'the hotel results', 200);
    // Assess
    expect(act).toThrow(/properties\.1\.reviews/);
  });
});
