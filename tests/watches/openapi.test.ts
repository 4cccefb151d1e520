// The watches resource in the OpenAPI document (issue #38): its JSON body, its 201 with the secret, its
// errors, and the delivery it posts as an OpenAPI 3.1 webhook, with the signing headers described.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { buildOpenApi, type OpenApiDocument } from '../../infra/openapi.ts';

let doc: OpenApiDocument;
beforeAll(async () => {
  doc = await buildOpenApi();
}, 60_000);

describe('the watches resource in the OpenAPI document', () => {
  it('documents POST /v1/watches with its JSON body, a 201 carrying the secret, and its refusals', () => {
    const op = doc.paths['/v1/watches']!.post!;
    expect(op.requestBody?.required).toBe(true);
    const bodyRef = (op.requestBody!.content['application/json']!.schema as { $ref: string }).$ref;
    const body = doc.components.schemas[bodyRef.replace('#/components/schemas/', '')]!;
    expect(body.required).toEqual(expect.arrayContaining(['route', 'condition', 'callback_url']));
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '409']));
    expect(op.responses['200']).toBeUndefined();
    expect(JSON.stringify(doc.components.schemas)).toContain('whsec_');
  });

  it('documents GET and DELETE of one watch, with WATCH_NOT_FOUND', () => {
    const one = doc.paths['/v1/watches/{watch_id}']!;
    expect(Object.keys(one).sort()).toEqual(['delete', 'get']);
    expect(Object.keys(one.get!.responses)).toContain('404');
    expect(one.delete!.parameters.map((p) => p.name)).toEqual(['watch_id']);
  });

  it('documents the delivery as an OpenAPI 3.1 webhook, signed the Standard Webhooks way', () => {
    const hook = doc.webhooks?.['watch.triggered']?.post;
    expect(hook?.description).toMatch(/webhook-id.*webhook-timestamp.*webhook-signature/);
    const ref = (hook!.requestBody!.content['application/json']!.schema as { $ref: string }).$ref;
    const payload = doc.components.schemas[ref.replace('#/components/schemas/', '')]!;
    expect(payload.required).toEqual(['type', 'timestamp', 'data']);
  });
});
