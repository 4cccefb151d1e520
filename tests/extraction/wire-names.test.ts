// Wire names that name a source's brand (its web app's header prefixes, a catalogue path and its
// parameter) are configuration with no default in code: the live profile holds the real ones, the
// sandbox hands out its token's. Installed from the live profile, the requests carry exactly what the
// profile says; without one, the request fails naming the setting rather than sending a stand-in.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { loadProfile } from '../../infra/live-profile.ts';
import { profileRequest } from '../../shared/providers/chain-a/requests.ts';
import { roomCardsRequest } from '../../shared/providers/chain-c/requests.ts';
import { graphqlHeaders } from '../../shared/providers/rental/graphql.ts';
import { useProviders } from '../../shared/upstream/providers.ts';

const live = loadProfile().providers;
const operation = (provider: string, name: string) => live[provider]!.operations![name]!;

// Every source of the profile, enabled or not: a disabled one's names are still the real ones.
beforeAll(() => useProviders(live));

describe('brand-named wire names from the live profile', () => {
  it("sends chain_a's app headers under the configured prefix", () => {
    // Act
    const headers = Object.keys(profileRequest('ASPAR0').headers ?? {});
    // Assess
    const prefix = operation('chain_a', 'header_prefix');
    expect(headers).toEqual(
      expect.arrayContaining([`${prefix}-language`, `${prefix}-sessionid`, `${prefix}-transactionid`]),
    );
    expect(headers.filter((h) => h.startsWith('chain-a-'))).toEqual([]);
  });

  it("asks chain_c's room catalogue at the configured path, by the configured parameter", () => {
    // Act
    const req = roomCardsRequest('LRVMC');
    // Assess
    expect(req.path).toBe(operation('chain_c', 'room_cards_path'));
    expect(req.query).toEqual({
      [operation('chain_c', 'room_cards_property_param')]: 'LRVMC',
      locale: 'en-US',
      acrsEnabled: 'false',
    });
  });

  it("sends rental's GraphQL platform headers under the configured prefix", () => {
    // Act
    const headers = graphqlHeaders();
    // Assess
    const prefix = operation('rental', 'graphql_header_prefix');
    expect(headers).toEqual({
      [`${prefix}-platform`]: 'web',
      [`${prefix}-platform-client`]: 'minimalist-niobe',
      'content-type': 'application/json',
    });
  });
});

describe('a deployment without a brand-named wire name', () => {
  it.each([
    ['chain_a', 'header_prefix', () => profileRequest('ASPAR0')],
    ['chain_c', 'room_cards_path', () => roomCardsRequest('LRVMC')],
    ['chain_c', 'room_cards_property_param', () => roomCardsRequest('LRVMC')],
    ['rental', 'graphql_header_prefix', () => graphqlHeaders()],
  ])('%s without operations.%s fails naming the setting, never sends a stand-in', (provider, name, build) => {
    // Prepare
    const operations = { ...live[provider]!.operations };
    delete operations[name];
    useProviders({ ...live, [provider]: { ...live[provider]!, operations } });
    try {
      // Act / Assess
      expect(build).toThrow(`operations.${name} is not configured`);
    } finally {
      useProviders(live);
    }
  });
});
