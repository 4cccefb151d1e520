// chain_c's property details readers and requests on answers in the real formats of real-sources §16
// (written fresh, invented values): a full and a bare header, an unknown property, the room catalogue.
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  extractProperty,
  HeaderAnswer,
  headerProperty,
  RoomCardsAnswer,
  roomTypesOf,
} from '../../shared/providers/chain-c/property.ts';
import { headerRequest, roomCardsRequest } from '../../shared/providers/chain-c/requests.ts';
import { UpstreamError } from '../../shared/upstream/errors.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { fixtureJson, withDrift } from '../helpers/fixtures.ts';

const json = (name: string): unknown => fixtureJson('chain-c', name);
const IMAGES = 'https://img.chain-c.test';
const header = (name: string) => headerProperty(HeaderAnswer.parse(json(name)), 200);

beforeAll(() => {
  useProviders({
    chain_c: {
      baseUrl: 'https://www.chain-c.test',
      hosts: ['www.chain-c.test'],
      origins: { brand: 'https://www.brand-c.test' },
      operations: {
        hotel_header_data: 'sig-header',
        room_cards_path: '/services/chain-c-hws/roomCards',
        room_cards_property_param: 'property_code',
      },
    },
  });
});

describe('property requests', () => {
  it('asks the header operation on the booking path with its safelisted signature', () => {
    // Act
    const req = headerRequest('LRVMC');
    // Assess
    expect(req).toMatchObject({
      provider: 'chain_c',
      method: 'POST',
      path: '/mi/query/PhoenixBookDTTHotelHeaderData',
      headers: {
        'apollographql-client-name': 'phoenix_book',
        'apollographql-client-version': '1',
        'application-name': 'book',
        'graphql-operation-name': 'PhoenixBookDTTHotelHeaderData',
        'graphql-operation-signature': 'sig-header',
        'graphql-require-safelisting': 'true',
      },
      body: { json: { operationName: 'PhoenixBookDTTHotelHeaderData', variables: { propertyId: 'LRVMC' } } },
      cache: 'ids',
    });
  });

  it('gets the room catalogue from the brand origin, without a signature', () => {
    // Act
    const req = roomCardsRequest('LRVMC');
    // Assess
    expect(req).toMatchObject({
      origin: 'brand',
      method: 'GET',
      path: '/services/chain-c-hws/roomCards',
      query: { property_code: 'LRVMC', locale: 'en-US', acrsEnabled: 'false' },
    });
    expect(req.headers).not.toHaveProperty('graphql-operation-signature');
  });
});

describe('property header', () => {
  it.each([
    {
      name: 'reads the header: brand, joined street, state, country, phone (not the fax), review, pictures',
      fixture: 'header-data.json',
      propertyId: 'LRVMC',
      expected: {
        name: 'Meridian Crown Lorvane Harbour',
        brand: { code: 'MC' },
        address: {
          street: '77 Rue de la Commune Ouest, Vieux-Port',
          city: 'Lorvane',
          state: 'Quebec',
          postal_code: 'H2Y 2C7',
          country_code: 'CA',
        },
        location: { latitude: 45.50871, longitude: -73.55392 },
        phone: '+1 514-555-0187',
        currency: 'CAD',
        review: { rating: 4.6, count: 1834 },
        photo_url: `${IMAGES}/content/dam/renditions/LRVMC/lrvmc-exterior-4821-hor-wide.jpg`,
        logo_url: `${IMAGES}/content/dam/logos/mc-logo.png`,
        room_types: [],
      },
    },
    {
      name: 'gives null, never a default, for what a bare header leaves out: no review is no 0 stars',
      fixture: 'header-data-bare.json',
      propertyId: 'KSTMG',
      expected: {
        name: 'Meridian Garden Kestrel Airport',
        brand: { code: null },
        address: { street: null, city: null, state: null, postal_code: null, country_code: null },
        location: null,
        phone: null,
        currency: null,
        review: null,
        photo_url: null,
        logo_url: null,
        room_types: [],
      },
    },
  ])('$name', ({ fixture, propertyId, expected }) => {
    // Act
    const details = extractProperty(header(fixture)!, [], { propertyId, imageBase: IMAGES });
    // Assess
    expect(details).toEqual(expected);
  });

  it('answers no such property only when the errors name it', () => {
    // Act, Assess
    expect(header('header-unknown.json')).toBeUndefined();
    const refused = {
      data: null,
      errors: [{ message: 'not in safelist', extensions: { code: 'QUERY_NOT_IN_SAFELIST' } }],
    };
    expect(() => headerProperty(HeaderAnswer.parse(refused), 400)).toThrow(UpstreamError);
    expect(() => headerProperty(HeaderAnswer.parse(refused), 400)).toThrow(/operations\.hotel_header_data/);
    expect(() =>
      headerProperty(HeaderAnswer.parse({ data: { catalog: { propertyById: null } } }), 200),
    ).toThrow(ExtractionError);
  });

  it('fails on a header about another property, and on one whose name cannot be read', () => {
    // Prepare
    const other = header('header-data.json')!;
    const nameless = json('header-data.json') as {
      data: { catalog: { propertyById: { basicInformation: { name?: string } } } };
    };
    delete nameless.data.catalog.propertyById.basicInformation.name;
    // Act, Assess
    expect(() => extractProperty(other, [], { propertyId: 'PARXY', imageBase: IMAGES })).toThrow(
      ExtractionError,
    );
    expect(HeaderAnswer.safeParse(nameless).success).toBe(false);
  });
});

describe('room catalogue', () => {
  it('reads each room type by its code, beds as text, the long description when there is no short one', () => {
    // Act
    const { value: rooms, drift } = withDrift(() =>
      roomTypesOf(RoomCardsAnswer.parse(json('room-cards.json'))),
    );
    // Assess
    expect(rooms).toEqual([
      {
        code: 'KNGV',
        name: 'Deluxe Room, 1 King, Harbour view',
        description: '32 sqm with a window seat over the harbour.',
        max_occupancy: 3,
        beds: '1 King',
      },
      {
        code: 'DBLQ',
        name: 'Guest Room, 2 Queen',
        description: 'Guest room, 28 sqm, 2 queen beds, city view.',
        max_occupancy: 4,
        beds: '2 Queen',
      },
      {
        code: 'STES',
        name: 'Harbour Suite',
        description: 'Corner suite with a separate living room.',
        max_occupancy: null,
        beds: null,
      },
    ]);
    // The entry without a code is left out and counted.
    expect(drift).toContainEqual(
      expect.objectContaining({
        provider: 'chain_c',
        kind: 'skipped',
        field: 'data.property.roomTypes.edges[]',
      }),
    );
  });

  it('fails on a catalogue without its room types (the facade then answers room_types [])', () => {
    expect(RoomCardsAnswer.safeParse({ data: { property: null } }).success).toBe(false);
    expect(RoomCardsAnswer.safeParse('<HTML><TITLE>Access Denied</TITLE></HTML>').success).toBe(false);
  });
});
