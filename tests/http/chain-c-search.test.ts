// chain_c's 2026 loyalty search in points mode against the sandbox: the search asks for the points clusters,
// the sandbox prices points only when the redemption cluster is asked for, and the cash figures read the
// same either way.
import { describe, expect, it } from '@jest/globals';
import { ChainCSearchResponse } from '../../functions/chain-c/search.ts';
import { SIGNATURES } from '../../infra/sandbox/sites/chain-c.ts';
import { useTestServer } from '../helpers/server.ts';
import { day } from '../helpers/dates.ts';

const api = useTestServer();

const OPERATION = 'phoenixShopDatedSearchByGeoQuery';
const STAY = { check_in: day(30), check_out: day(32) };
const search = () =>
  api.get(
    `/v1/chain_c/loyalty/search?${new URLSearchParams({ latitude: '48.8566', longitude: '2.3522', ...STAY })}`,
  );

interface Rate {
  status: { code: string };
  rateModes: { lowestAverageRate: unknown; pointsPerUnit?: { points: number } } | null;
}
interface Answer {
  data: {
    search: { lowestAvailableRates: { searchByGeolocation: { edges: { node: { rates: Rate[] } }[] } } };
  };
}

/** The 2026 search straight to the sandbox, with the site's headers and the given variables. */
async function direct(variables: object): Promise<Rate[]> {
  const res = await fetch(`${api.sandbox.url}/chain_c/mi/query/${OPERATION}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0',
      'apollographql-client-name': 'phoenix_shop',
      'application-name': 'shop',
      'graphql-operation-signature': SIGNATURES[OPERATION]!,
    },
    body: JSON.stringify({ operationName: OPERATION, variables }),
  });
  const answer = (await res.json()) as Answer;
  return answer.data.search.lowestAvailableRates.searchByGeolocation.edges.map((e) => e.node.rates[0]!);
}

describe('GET /v1/chain_c/loyalty/search in points mode', () => {
  it('asks the 2026 search for the members, standard and points-redemption clusters, as the site does', async () => {
    // Act
    const res = await search();
    // Assess
    expect(res.status).toBe(200);
    const sent = api.sandbox.requests('chain_c').filter((r) => r.path.includes(OPERATION));
    expect(sent).toHaveLength(1);
    const { variables } = JSON.parse(sent[0]!.body!) as { variables: { search: { options: object } } };
    expect(variables.search.options).toMatchObject({
      rateRequestTypes: [
        { type: 'CLUSTER', value: 'MRW' },
        { type: 'STANDARD', value: '' },
        { type: 'CLUSTER', value: 'P17' },
      ],
    });
  });

  it('has the sandbox price points only when the redemption cluster is asked for, the cash the same', async () => {
    // Prepare: the connector's own variables, and the same with the standard rate alone.
    await search();
    const sent = api.sandbox.requests('chain_c').find((r) => r.path.includes(OPERATION))!;
    const { variables } = JSON.parse(sent.body!) as {
      variables: { search: { options: Record<string, unknown> } };
    };
    const standard = {
      ...variables,
      search: {
        ...variables.search,
        options: { ...variables.search.options, rateRequestTypes: [{ type: 'STANDARD', value: '' }] },
      },
    };
    // Act
    const [points, cash] = await Promise.all([direct(variables), direct(standard)]);
    // Assess
    const sold = points.filter((r) => r.status.code === 'AvailableForSale');
    expect(sold.length).toBeGreaterThan(0);
    for (const r of sold) expect(r.rateModes!.pointsPerUnit!.points).toBeGreaterThan(0);
    for (const r of cash) expect(r.rateModes ?? {}).not.toHaveProperty('pointsPerUnit');
    expect(cash.map((r) => r.rateModes?.lowestAverageRate ?? null)).toEqual(
      points.map((r) => r.rateModes?.lowestAverageRate ?? null),
    );
  });

  it('shows points beside the cash price of every bookable property', async () => {
    // Act
    const res = await search();
    // Assess
    const { hotels } = ChainCSearchResponse.parse(res.body);
    const bookable = hotels.filter((h) => h.bookable);
    expect(bookable.length).toBeGreaterThan(0);
    for (const h of bookable) {
      expect(h.price!.points_per_night).toBeGreaterThan(0);
      expect(h.price!.per_night).toBeGreaterThan(0);
    }
  });
});
