/**
 * Checks answers against the OpenAPI document with a JSON Schema 2020-12 validator (ajv), the way a
 * contract-testing tool would: the status must be a documented response of the operation, the media
 * type one of its contents, the body valid against that content's schema, the headers against theirs.
 */
import { expect } from '@jest/globals';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import type { JsonSchema, OpenApiDocument, Operation } from '../../infra/openapi.ts';
import type { Route } from '../../shared/routes/index.ts';

// ajv-formats is CommonJS: imported from ESM, its plugin is the `default` member of module.exports.
const addFormats = ajvFormats.default;

const DOC_ID = 'urn:openapi:document';

/** `#/components/schemas/X` → the same schema inside the one document schema ajv holds. */
function rebase(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebase);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')
        ? [key, `${DOC_ID}#/$defs/${value.slice('#/components/schemas/'.length)}`]
        : [key, rebase(value)],
    ),
  );
}

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * A validator bound to one document.
 * @example const v = documentValidator(await buildOpenApi()); v.expectConforms(routes.health, res)
 */
export function documentValidator(doc: OpenApiDocument) {
  // OpenAPI 3.1 allows `example` in a schema; it carries no constraint. `type: [a, b]` is valid 2020-12.
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, keywords: ['example'] });
  addFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, $defs: rebase(doc.components.schemas) as Record<string, JsonSchema> });
  const compiled = new Map<string, ValidateFunction>();
  const compile = (key: string, schema: unknown) => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(rebase(schema) as object);
      compiled.set(key, validate);
    }
    return validate;
  };
  const operation = (route: Route): Operation => {
    const op = doc.paths[route.path]?.[route.method.toLowerCase()];
    if (!op) throw new Error(`no operation for ${route.method} ${route.path}`);
    return op;
  };

  /** The errors of `value` against `schema` (a JSON Schema of the document), or [] when it is valid. */
  function errorsOf(key: string, schema: unknown, value: unknown): string[] {
    const validate = compile(key, schema);
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
  }

  return {
    operation,
    errorsOf,

    /**
     * Asserts that an answer of the route is one its operation documents, body and headers.
     * @example v.expectConforms(routes.chainARooms, await api.get('/v1/chain_a/rooms?...'))
     */
    expectConforms(route: Route, answer: Answer): void {
      const op = operation(route);
      const response = op.responses[String(answer.status)];
      const where = `${route.path} ${answer.status}`;
      expect({ where, documented: response !== undefined }).toEqual({ where, documented: true });
      const media = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const content = response!.content?.[media];
      expect({ where, media, documented: content !== undefined }).toEqual({ where, media, documented: true });
      const problems = errorsOf(`${where} ${media}`, content!.schema, answer.body);
      expect({ where, body: answer.body, problems }).toEqual({ where, body: answer.body, problems: [] });
      for (const [name, ref] of Object.entries(response!.headers ?? {})) {
        const header = doc.components.headers[ref.$ref.split('/').pop()!]!;
        const raw = answer.headers.get(name);
        if (raw === null) continue;
        const value = header.schema.type === 'integer' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
        expect({ where, header: name, problems: errorsOf(ref.$ref, header.schema, value) }).toEqual({
          where,
          header: name,
          problems: [],
        });
      }
    },
  };
}
