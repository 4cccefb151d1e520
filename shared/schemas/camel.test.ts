import { describe, expect, it } from '@jest/globals';
import { camelKeys } from './camel.ts';

describe('camelKeys', () => {
  it("renames each snake_case parameter to the connector's camelCase and keeps every value as it is", () => {
    // Prepare
    const query = { radius_km: 25, check_in: '2030-06-01', adults: 2, hotel_id: undefined, page_2_size: 3 };
    // Act
    const input = camelKeys(query);
    // Assess
    expect(input).toEqual({
      radiusKm: 25,
      checkIn: '2030-06-01',
      adults: 2,
      hotelId: undefined,
      page2Size: 3,
    });
    expect(Object.keys(input)).toEqual(['radiusKm', 'checkIn', 'adults', 'hotelId', 'page2Size']);
  });
});
