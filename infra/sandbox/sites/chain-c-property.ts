/**
 * A chain_c property's details in the real formats (real-sources §16, chain_c), with invented data on
 * the sandbox world: the header operation `PhoenixBookDTTHotelHeaderData` (answered by the gateway of
 * chain-c.ts, which checks its signature), `data.catalog.propertyById{…}` for the properties loyalty
 * search lists, under the same names, brands, coordinates and pictures; `propertyById: null` with an error
 * naming the property for an unknown one. And the room catalogue (`GET` of its configured path, here `/services/chain-c-hws/roomCards`),
 * which the main origin refuses with the bot manager's 403 and the `brand` origin (here the `/brand`
 * prefix) answers with the room types the rooms call sells.
 */
import { hash } from '../random.ts';
import { phoneOf } from '../phones.ts';
import type { Route, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';
import { picture } from '../picture.ts';

/** What the gateway module lends this one: its codes, its search property, its room types, its refusal. */
export interface GatewayModule {
  propertyCode: (h: Hotel) => string;
  /** The property as the search answers it (name, brand, coordinates, currency, reviews, picture). */
  searchProperty: (h: Hotel) => {
    id: string;
    seoNickname: string;
    basicInformation: {
      name: string;
      brand: { id: string; name: string };
      latitude: number;
      longitude: number;
      currency: string;
    };
    reviews: { stars: { count: number }; numberOfReviews: { count: number } };
    media: unknown;
  };
  roomTypes: readonly { code: string; name: string; type: string; factor: number }[];
  accessDenied: SiteResponse;
}

/** The properties loyalty search lists, by code. */
function byCode(m: GatewayModule, id: string): Hotel | undefined {
  return getWorld().hotels.find(
    (h) => (h.chain === 'chain_c' || h.chain === 'chain_a') && m.propertyCode(h) === id.toUpperCase(),
  );
}

const STATES: Record<string, string> = {
  US: 'New York',
  CA: 'Ontario',
  AU: 'New South Wales',
  MX: 'Ciudad de Mexico',
};

/** Properties whose header leaves out its contact and logo (the research's redacted answer had them). */
export const headerWithoutContact = (h: Hotel) => hash(`header-contact:${h.key}`) % 4 === 0;

/**
 * The header operation's answer for a property id.
 * @example headerAnswer(gateway, { propertyId: 'PARXY' }).status // 200
 */
export function headerAnswer(m: GatewayModule, variables: Record<string, unknown>): SiteResponse {
  const id = String(variables.propertyId ?? '').toUpperCase();
  const h = byCode(m, id);
  if (!h)
    return {
      status: 200,
      json: {
        data: { catalog: { propertyById: null } },
        errors: [{ message: `Property ${id} not found`, extensions: { code: 'PROPERTY_NOT_FOUND' } }],
      },
    };
  const p = m.searchProperty(h);
  const code = p.id;
  const bare = headerWithoutContact(h);
  return {
    status: 200,
    json: {
      data: {
        catalog: {
          propertyById: {
            id: code,
            seoNickname: p.seoNickname,
            basicInformation: {
              name: p.basicInformation.name,
              latitude: p.basicInformation.latitude,
              longitude: p.basicInformation.longitude,
              currency: p.basicInformation.currency,
              brand: { id: p.basicInformation.brand.id, __typename: 'Brand' },
              __typename: 'HotelBasicInformation',
            },
            reviews: {
              numberOfReviews: { count: p.reviews.numberOfReviews.count, description: 'Reviews' },
              stars: { count: p.reviews.stars.count, description: 'Stars' },
            },
            contactInformation: {
              contactNumbers: bare
                ? []
                : [
                    {
                      phoneNumber: {
                        original: phoneOf(h.city.country, h.key),
                      },
                      type: { code: 'phone', description: 'Phone' },
                    },
                    {
                      phoneNumber: { original: `+1 555 ${1000 + (hash(`f:${h.key}`) % 9000)}` },
                      type: { code: 'fax', description: 'Fax' },
                    },
                  ],
              address: {
                line1: `${1 + (hash(`l1:${h.key}`) % 240)} ${h.city.name} Boulevard`,
                line2: null,
                line3: null,
                city: h.city.name,
                stateProvince: STATES[h.city.country] ? { description: STATES[h.city.country] } : null,
                country: { code: h.city.country, description: h.city.country },
                postalCode: String(10_000 + (hash(`pc:${h.key}`) % 89_999)),
              },
            },
            media: {
              primaryImage: (p.media as { primaryImage: unknown }).primaryImage,
              hotelLogo: bare
                ? { edges: [] }
                : {
                    edges: [
                      {
                        node: {
                          imageSrc: `/content/dam/logos/${p.basicInformation.brand.id.toLowerCase()}-logo.png`,
                          alternateDescription: `${p.basicInformation.brand.name} logo`,
                          isPrimary: true,
                        },
                      },
                    ],
                  },
            },
            status: { httpStatus: '200', code: 'SUCCESS', errors: [], warnings: [] },
            __typename: 'Hotel',
          },
        },
      },
    },
  };
}

const BEDS: Record<string, { count: number; code: string; description: string }[]> = {
  GR1K: [{ count: 1, code: 'KING', description: 'King' }],
  GR2Q: [{ count: 2, code: 'QUEEN', description: 'Queen' }],
  STE1K: [
    { count: 1, code: 'KING', description: 'King' },
    { count: 1, code: 'SOFA', description: 'Sofa bed' },
  ],
};

/** The room catalogue's path and property parameter, which name the brand on the real site: configuration. */
export const ROOM_CARDS = { path: '/services/chain-c-hws/roomCards', propertyParam: 'property_code' };

/**
 * The catalogue routes (at ROOM_CARDS.path): refused on the main origin, answered on the brand one; the
 * brand logos.
 * @example routes: [...gatewayRoutes, ...propertyRoutes(gateway)]
 */
export function propertyRoutes(m: GatewayModule): Route[] {
  return [
    ['GET', new RegExp(`^${ROOM_CARDS.path}$`), () => m.accessDenied],
    [
      'GET',
      new RegExp(`^/brand${ROOM_CARDS.path}$`),
      ({ query }): SiteResponse => {
        const h = byCode(m, query.get(ROOM_CARDS.propertyParam) ?? '');
        if (!h) return { status: 200, json: { data: { property: null } } };
        const edges = m.roomTypes.map((r) => ({
          node: {
            id: `${m.propertyCode(h)}.${r.code}`,
            roomTypeCode: r.code,
            name: r.name,
            description: `${r.name} at ${h.name}.`,
            longDescription: `${r.name}, ${Math.round(24 * r.factor)} sqm, free Wi-Fi, rain shower.`,
            bedCounts: BEDS[r.code] ?? [],
            maxOccupancy: r.type === 'SUITE' ? 4 : 3,
            details: [{ type: { code: 'VIEW', description: 'View' }, descriptions: ['City view'] }],
          },
        }));
        return { status: 200, json: { data: { property: { id: m.propertyCode(h), roomTypes: { edges } } } } };
      },
    ],
    ['GET', /^\/content\/dam\/logos\/[a-z]+-logo\.png$/, ({ path }) => picture(path)],
  ];
}
