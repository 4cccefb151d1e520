// The built OpenAPI document gives the rental listing id as the contract has it: an int64 integer on the
// routes that take it in the path and answer it (listing ids run to 19 digits, above 2^53), and a decimal
// string where extract-id answers it.
import { describe, expect, it } from '@jest/globals';
import { buildOpenApi } from '../../infra/openapi.ts';
import { routes } from '../../shared/routes/index.ts';

interface JsonSchema {
  type?: string;
  format?: string;
  pattern?: string;
  maximum?: number;
  $ref?: string;
  properties?: Record<string, JsonSchema>;
}
interface Operation {
  parameters: { name: string; in: string; schema: JsonSchema }[];
  responses: Record<string, { content: Record<string, { schema: JsonSchema }> }>;
}

/** The document's GET operation of `path`, and its schemas by name. */
async function operationOf(path: string): Promise<{ op: Operation; schemas: Record<string, JsonSchema> }> {
  const doc = (await buildOpenApi()) as unknown as {
    paths: Record<string, { get: Operation }>;
    components: { schemas: Record<string, JsonSchema> };
  };
  return { op: doc.paths[path]!.get, schemas: doc.components.schemas };
}

/** The schema of the 200 answer's `listing_id`, through the component it refers to. */
function answeredId(op: Operation, schemas: Record<string, JsonSchema>): JsonSchema | undefined {
  const body = op.responses['200']!.content['application/json']!.schema;
  const own = body.$ref ? schemas[body.$ref.replace('#/components/schemas/', '')] : body;
  return own?.properties?.listing_id;
}

describe('rental listing_id in the OpenAPI document', () => {
  it.each([
    routes.rentalDetails,
    routes.rentalPricing,
    routes.rentalOverview,
    routes.rentalCalendar,
    routes.rentalReviews,
  ])('$path takes and answers listing_id as an int64 integer, with no bound at 2^53', async (route) => {
    // Act
    const { op, schemas } = await operationOf(route.path);
    const asked = op.parameters.find((p) => p.in === 'path' && p.name === 'listing_id')?.schema;
    const answered = answeredId(op, schemas);
    // Assess
    for (const schema of [asked, answered]) {
      expect(schema).toMatchObject({ type: 'integer', format: 'int64' });
      expect(schema!.maximum === undefined || schema!.maximum >= Number.MAX_SAFE_INTEGER * 1000).toBe(true);
    }
  });

  it('answers extract-id with the id as a decimal string that takes 19 digits', async () => {
    // Act
    const { op, schemas } = await operationOf(routes.rentalExtractId.path);
    const answered = answeredId(op, schemas);
    // Assess
    expect(answered).toMatchObject({ type: 'string' });
    expect(new RegExp(answered!.pattern!).test('1234567890123456789')).toBe(true);
  });

  it("answers search listings' listing_id as an int64 integer", async () => {
    // Act
    const { op, schemas } = await operationOf(routes.rentalSearch.path);
    const body = op.responses['200']!.content['application/json']!.schema;
    const own = body.$ref ? schemas[body.$ref.replace('#/components/schemas/', '')] : body;
    const listings = own!.properties!.listings as JsonSchema & { items?: JsonSchema };
    const item = listings.items?.$ref
      ? schemas[listings.items.$ref.replace('#/components/schemas/', '')]
      : listings.items;
    // Assess
    expect(item!.properties!.listing_id).toMatchObject({ type: 'integer', format: 'int64' });
  });
});
