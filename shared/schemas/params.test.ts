import { describe, expect, it } from '@jest/globals';
import { idParam } from './params.ts';

describe('idParam', () => {
  const hotelId = idParam(/^[A-Z0-9]{4}$/, 'INVALID_HOTEL_ID', 'must be 4 letters or digits', {
    upper: true,
  });

  it('trims and upper-cases an id of the shape', () => {
    // Prepare / Act
    const parsed = hotelId.safeParse(' b7k2 ');
    // Assess
    expect(parsed).toEqual({ success: true, data: 'B7K2' });
  });

  it.each(['b7k', 'b7k2x', 'b7-2', ''])('answers %j with the route code and the message', (id) => {
    // Act
    const parsed = hotelId.safeParse(id);
    // Assess
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        code: 'custom',
        message: 'must be 4 letters or digits',
        params: { error_code: 'INVALID_HOTEL_ID' },
      }),
    ]);
  });

  it('says a missing id is required, without the route code', () => {
    // Act
    const parsed = hotelId.safeParse(undefined);
    // Assess
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ message: 'is required' })]);
    expect(parsed.error?.issues[0]).not.toHaveProperty('params');
  });

  it('keeps the case of an id when not asked to upper-case it', () => {
    expect(idParam(/^-?\d+$/, 'INVALID_DESTINATION_ID', 'must be digits').parse(' -12 ')).toBe('-12');
  });
});
