/**
 * dining's restaurant profile page and review search, in the real formats (research §16 dining): the page
 * at `/restaurant/profile/{rid}` (and `/r/{slug}`) carries `windowVariables.__INITIAL_STATE__.restaurantProfile`
 * in its `primary-window-vars` script: the restaurant (`type` GuestCenter for a bookable one, Listing for an
 * info-only one without contact details, whose only phone is the service's private-dining line), its
 * menus in three variants (structured; an external menu link only; none) and the first page of reviews.
 * The review search is the persisted `ReviewSearchResults` operation of the GraphQL endpoint, pages of at
 * most ten, newest first or by rating. The restaurants are the search page's, with the same name, place,
 * cuisine, price band, phone and review count.
 */
import { hash, pick, rng } from '../random.ts';
import type { SiteResponse } from '../site.ts';
import {
  FIRST_RESTAURANT_ID,
  page,
  restaurant,
  RESTAURANTS_PER_CITY,
  searchEntry,
  type Restaurant,
} from './dining-world.ts';
import { getWorld } from '../world.ts';

/** Reviews the source serves a page at most, whatever `pageSize` asks. */
export const REVIEW_PAGE_LIMIT = 10;
/** The sort values the sandbox knows (the web app's newestReview; the rating sorts as configured). */
export const REVIEW_SORTS = ['newestReview', 'highestRating', 'lowestRating'] as const;

const index = (id: number) => id - FIRST_RESTAURANT_ID;
/** Info-only listings: the fourth restaurant of every other city. @example isListing(10009) // true */
export const isListing = (id: number) =>
  index(id) % RESTAURANTS_PER_CITY === 3 && Math.floor(index(id) / RESTAURANTS_PER_CITY) % 2 === 1;
/**
 * How a restaurant publishes its menu: listings link elsewhere; the third of each city publishes none.
 * @example menuKind(10003) // 'none'
 */
export function menuKind(id: number): 'structured' | 'external' | 'none' {
  if (isListing(id)) return 'external';
  return index(id) % RESTAURANTS_PER_CITY === 2 ? 'none' : 'structured';
}

const NOISE = ['Quiet', 'Moderate', 'Energetic'];
const METROS = ['New York Area', 'London', 'Chicago', 'Toronto', 'Berlin', 'Sydney'];
const DISHES: [string, string | null][] = [
  ['Burrata', 'Heirloom tomatoes, basil oil'],
  ['Charred octopus', 'Smoked paprika, lemon'],
  ['Tagliatelle', 'Slow-cooked ragù'],
  ['Roast chicken', 'Jus, seasonal greens'],
  ['Ribeye', '12 oz, peppercorn sauce'],
  ['Tiramisu', null],
];

/** The text reviews of a restaurant: its search card's count. @example reviewTotal(restaurant(10001)!) */
export const reviewTotal = (x: Restaurant) => x.reviews;

/** Review `i` of a restaurant, 0 the newest. @example review(x, 0).reviewId */
function review(x: Restaurant, i: number) {
  const r = rng(`dining-review:${x.id}:${i}`);
  const star = (bias: number) => Math.min(5, Math.max(1, Math.round(x.rating - 0.6 + r() * 1.6 + bias)));
  const submitted = new Date(Date.UTC(2026, 10, 20, 18) - i * 37 * 3_600_000);
  const dined = new Date(submitted.getTime() - (1 + Math.floor(r() * 6)) * 86_400_000);
  const replied = r() < 0.2;
  const photo = r() < 0.1;
  return {
    __typename: 'Review',
    reviewId: String(200_000_000 + x.id * 10_000 + i),
    text: pick(r, [
      'Lovely evening, the pasta was excellent and the service attentive.',
      'Good food but the room was loud on a Friday.',
      'A reliable favourite: fresh fish, fair prices.',
      'Slow service, though the desserts made up for it.',
    ]),
    rating: {
      __typename: 'ReviewRating',
      overall: star(0),
      food: star(0.2),
      service: star(-0.1),
      ambience: star(0),
      value: star(-0.3),
      noise: pick(r, NOISE),
    },
    user: {
      __typename: 'ReviewUser',
      nickname: `Diner${hash(`${x.id}:${i}`) % 10_000}`,
      metro: pick(r, METROS),
      initials: 'D',
      isVip: r() < 0.1,
      numOfApprovedReviews: 1 + Math.floor(r() * 80),
      profileColor: '#6c8ae4',
    },
    publicRestaurantReply: replied
      ? {
          __typename: 'RestaurantReply',
          message: 'Thank you for dining with us.',
          responseDateTimeUtc: new Date(submitted.getTime() + 86_400_000).toISOString(),
        }
      : null,
    submittedDateTime: submitted.toISOString(),
    dinedDateTime: `${dined.toISOString().slice(0, 10)}T19:00:00`,
    type: 'Standard',
    photos: photo ? [{ __typename: 'ReviewPhoto', url: `//images.dining.test/v3/reviews/${x.id}-${i}` }] : [],
    highlight: null,
  };
}

/** The reviews in the order asked for: newest first, or by overall rating (newest first among equals). */
function sorted(x: Restaurant, sortBy: string) {
  const all = Array.from({ length: reviewTotal(x) }, (_v, i) => review(x, i));
  if (sortBy === 'highestRating') return all.sort((a, b) => b.rating.overall - a.rating.overall);
  if (sortBy === 'lowestRating') return all.sort((a, b) => a.rating.overall - b.rating.overall);
  return all;
}

/** One page (from 1) of a restaurant's review search results. @example reviewSearchResults(x, 1, 10, 'newestReview').totalCount */
export function reviewSearchResults(x: Restaurant, pageNumber: number, pageSize: number, sortBy: string) {
  const size = Math.min(REVIEW_PAGE_LIMIT, Math.max(1, pageSize));
  const all = sorted(x, sortBy);
  return {
    __typename: 'ReviewSearchResults',
    reviews: all.slice((pageNumber - 1) * size, pageNumber * size),
    totalCount: all.length,
    totalPages: Math.ceil(all.length / size),
    aggregations: { __typename: 'ReviewAggregations', dishes: [] },
  };
}

/** The restaurant's menus in its variant's shape. */
function menus(x: Restaurant) {
  const kind = menuKind(x.id);
  if (kind !== 'structured')
    return {
      __typename: 'Menus',
      menuData: [],
      menuInfo: {
        __typename: 'MenuInfo',
        showThirdPartyMenu: kind === 'external',
        url: kind === 'external' ? `https://menus.example/${x.slug}/menu.pdf` : null,
      },
    };
  const r = rng(`menu:${x.id}`);
  const item = ([title, description]: (string | null)[], price: string | null) => ({
    __typename: 'MenuItem',
    title,
    description,
    price,
    variationGroups: [],
  });
  return {
    __typename: 'Menus',
    menuData: [
      {
        __typename: 'Menu',
        title: 'Dinner',
        description: 'Served from 17:30',
        currency: { __typename: 'Currency', code: 'USD' },
        updated: '2026-09-12T20:36:21.187',
        provider: { __typename: 'MenuProvider', name: 'dining', image: null },
        sections: [
          {
            __typename: 'MenuSection',
            title: 'Starters',
            description: null,
            items: DISHES.slice(0, 2).map((d) => item(d, (12 + Math.floor(r() * 8)).toFixed(2))),
          },
          {
            __typename: 'MenuSection',
            title: 'Mains',
            description: 'With bread from our bakery',
            items: [
              ...DISHES.slice(2, 4).map((d) => item(d, (22 + Math.floor(r() * 14)).toFixed(2))),
              // A price the source shows as no plain amount.
              item(DISHES[4]!, null),
            ],
          },
          // A section without items is nothing to show.
          { __typename: 'MenuSection', title: 'Seasonal', description: 'Ask your server', items: [] },
        ],
      },
      {
        __typename: 'Menu',
        title: 'Drinks',
        description: null,
        currency: { __typename: 'Currency', code: 'USD' },
        updated: '2026-08-30T11:02:05.004',
        provider: { __typename: 'MenuProvider', name: 'dining', image: null },
        sections: [
          {
            __typename: 'MenuSection',
            // An untitled section, kept in its place.
            title: null,
            description: null,
            items: [
              {
                __typename: 'MenuItem',
                title: 'House red',
                description: 'Montepulciano',
                price: null,
                variationGroups: [
                  {
                    __typename: 'VariationGroup',
                    items: [
                      { __typename: 'Variation', title: 'Glass', price: '11.00' },
                      { __typename: 'Variation', title: 'Bottle', price: '44.00' },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
    menuInfo: { __typename: 'MenuInfo', showThirdPartyMenu: false, url: null },
  };
}

/** The profile's restaurant: the search card's values, with the profile's own fields. */
function profileRestaurant(x: Restaurant) {
  const card = searchEntry(x);
  const r = rng(`profile:${x.id}`);
  const listing = isListing(x.id);
  const count = x.reviews + Math.floor(r() * 40);
  const shares = [0.02, 0.04, 0.1, 0.3];
  const low = shares.map((s) => Math.floor(count * s));
  const stars = (bias: number) => ({
    __typename: 'Rating',
    rating: Math.round(Math.min(5, Math.max(1, x.rating + bias)) * 10) / 10,
    count,
  });
  return {
    __typename: 'Restaurant',
    restaurantId: x.id,
    name: x.name,
    type: listing ? 'Listing' : 'GuestCenter',
    primaryCuisine: { __typename: 'Cuisine', cuisineId: String(hash(x.cuisine)), name: x.cuisine },
    cuisines: [
      { __typename: 'Cuisine', name: x.cuisine },
      { __typename: 'Cuisine', name: pick(r, ['Wine Bar', 'Vegetarian', 'Grill', 'Tapas']) },
    ],
    priceBand: card.priceBand,
    ...(card.neighborhood ? { neighborhood: { ...card.neighborhood, neighborhoodId: x.id % 997 } } : {}),
    metro: { __typename: 'Metro', displayName: x.city.name },
    diningStyle: pick(r, ['Casual Dining', 'Casual Elegant', 'Fine Dining']),
    dressCode: pick(r, ['Casual Dress', 'Smart Casual', 'Business Casual']),
    description: `${x.name} serves ${x.cuisine.toLowerCase()} cooking in ${x.city.name}.`,
    executiveChef:
      r() < 0.6
        ? `Chef ${pick(r, ['Ana', 'Luca', 'Mei', 'Omar'])} ${pick(r, ['Reyes', 'Berg', 'Okafor'])}`
        : null,
    hoursOfOperation: 'Lunch\nMon–Fri 11:30 am–2:30 pm\nDinner\nDaily 5:30 pm–10:30 pm',
    parkingDetails: r() < 0.5 ? 'Street parking nearby.' : null,
    publicTransit: 'Two minutes from the central station.',
    crossStreet: 'Market Street',
    website: listing ? null : `https://www.${x.slug}.example`,
    paymentOptions: ['AMEX', 'Mastercard', 'Visa'],
    address: { ...card.address, state: null, country: x.city.country },
    // An info-only listing shows no contact details.
    contactInformation: listing ? { __typename: 'ContactInformation' } : card.contactInformation,
    coordinates: { ...card.coordinates, mapUrl: `//maps.dining.test/?c=${x.latitude},${x.longitude}` },
    timeZone: { __typename: 'TimeZone', offsetInMinutes: 0 },
    features: {
      __typename: 'Features',
      bar: r() < 0.6,
      counter: false,
      highTop: r() < 0.3,
      outdoor: r() < 0.4,
      reservationMaxPartySize: 4 + (hash(`max:${x.id}`) % 9),
      permanentlyClosed: false,
    },
    statistics: {
      __typename: 'RestaurantStatistics',
      reviews: {
        __typename: 'ReviewStatistics',
        allTimeTextReviewCount: x.reviews,
        ratings: {
          __typename: 'Ratings',
          count,
          overall: stars(0),
          food: stars(0.1),
          service: stars(-0.1),
          ambience: stars(0),
          value: stars(-0.3),
          noise: pick(r, NOISE),
          overallRatingsDistribution: {
            one: low[0],
            two: low[1],
            three: low[2],
            four: low[3],
            five: count - low.reduce((a, b) => a + b, 0),
          },
        },
      },
    },
    photos: {
      __typename: 'Photos',
      profile: card.photos ? { __typename: 'Photo', url: card.photos.profileV3.url } : null,
    },
    privateDining: {
      __typename: 'PrivateDining',
      hasPrivateDining: x.privateDining,
      // The reservation service's own line, not the restaurant's.
      formattedPhone: '+1 555 0100',
    },
    hasTakeout: x.takeout,
  };
}

/**
 * The profile page of a restaurant, by id or by its search card's slug; a 404 page for one unknown.
 * @example profilePage({ id: 10001 }).status // 200
 */
export function profilePage(key: { id?: number; slug?: string }): SiteResponse {
  let x = key.id === undefined ? undefined : restaurant(key.id);
  if (key.slug !== undefined) {
    const cities = getWorld().cities.length;
    for (let i = 0; !x && i < cities * RESTAURANTS_PER_CITY; i++) {
      const candidate = restaurant(FIRST_RESTAURANT_ID + i)!;
      if (candidate.slug === key.slug) x = candidate;
    }
  }
  if (!x) return { status: 404, html: page({ pageNotFound: true }) };
  return {
    status: 200,
    html: page({
      restaurantProfile: {
        restaurant: profileRestaurant(x),
        menus: menus(x),
        reviewsData: { reviewSearchResults: reviewSearchResults(x, 1, REVIEW_PAGE_LIMIT, 'newestReview') },
      },
    }),
  };
}
