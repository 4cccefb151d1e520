// The sandbox's hotels have the telephone numbers of their country (issue #40: a Paris hotel's number began
// with Sweden's +46): every route that answers a Paris hotel's phone gives it France's +33.
import { describe, expect, it } from '@jest/globals';
import { routes } from '../../shared/routes/index.ts';
import { CALLING_CODES, phoneOf } from '../../infra/sandbox/phones.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer({ resetEach: false });

/** Every `phone` (or `phone.number…`) string anywhere in an answer. */
function phones(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => phones(v, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (/phone/i.test(k) && typeof v === 'string') out.push(v);
      else phones(v, out);
    }
  return out;
}

describe('sandbox phone numbers', () => {
  it('has a calling code for every country of the world', () => {
    const countries = [...new Set(getWorld().cities.map((c) => c.country))];
    expect(countries.filter((c) => !(c in CALLING_CODES))).toEqual([]);
    expect(phoneOf('FR', 'k')).toMatch(/^\+33 \d{3} \d{4}$/);
    expect(phoneOf('SE', 'k')).toMatch(/^\+46 /);
  });

  it.each(['/v1/chain_b/hotel/details?hotel_id=9WT3', routes.mapsHotelsInfo.example])(
    'answers a Paris hotel with a +33 number: %s',
    async (path) => {
      const res = await api.get(path);
      expect(res.status).toBe(200);
      const found = phones(res.body);
      expect(found.length).toBeGreaterThan(0);
      for (const phone of found) expect(phone).toMatch(/^\+33 /);
    },
  );
});
