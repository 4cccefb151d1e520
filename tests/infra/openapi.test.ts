// The OpenAPI document is built from the manifest and the validating schemas: every route, every parameter.
import { describe, expect, it } from '@jest/globals';
import { buildOpenApi } from '../../infra/openapi.ts';
import { routeList } from '../../shared/routes.ts';

describe('OpenAPI document', () => {
  it('has every manifest route with its key requirement and documented statuses', async () => {
    const doc = await buildOpenApi();
    expect(doc.openapi).toBe('3.1.0');
    for (const route of routeList) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()] as {
        security: unknown[];
        responses: Record<string, unknown>;
      };
      expect(op).toBeDefined();
      expect(op.security).toEqual(route.auth ? [{ apiKey: [] }] : []);
      expect(Object.keys(op.responses).map(Number).sort()).toEqual([...route.statuses].sort());
    }
  });

  it('documents parameters with their bounds and path parameters as required', async () => {
    const doc = await buildOpenApi();
    const rooms = (
      doc.paths['/v1/chain_a/rooms']!.get as {
        parameters: { name: string; required: boolean; schema: Record<string, unknown> }[];
      }
    ).parameters;
    expect(rooms.find((p) => p.name === 'adults')).toMatchObject({
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 8 },
    });
    expect(rooms.find((p) => p.name === 'check_in')).toMatchObject({
      required: true,
      schema: { format: 'date' },
    });
    const slots = (
      doc.paths['/v1/dining/restaurants/{restaurant_id}/availability/slots']!.get as {
        parameters: { name: string; in: string; required: boolean }[];
      }
    ).parameters;
    expect(slots.find((p) => p.name === 'restaurant_id')).toMatchObject({ in: 'path', required: true });
    expect(slots.find((p) => p.name === 'party_size')).toMatchObject({ required: true });
  });
});
