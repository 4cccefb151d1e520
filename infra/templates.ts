/**
 * The synthesized templates of a cloud assembly, the root stack's and its nested stacks', and how close
 * each comes to CloudFormation's per-stack quotas. The stack test holds every template to 80 % of each
 * quota (tests/infra/stack.test.ts, "headroom"); `npm run sam:env` reads the functions of all of them.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import * as z from 'zod';

/**
 * CloudFormation's quotas per stack template ("Understand CloudFormation quotas", CloudFormation User
 * Guide): 500 resources, 200 outputs, 200 parameters, 200 mappings, and a template body of 1 MB in S3.
 * CDK uploads every template to the bootstrap bucket (nested ones as file assets), so the 51,200-byte
 * limit of a body passed inline never applies.
 */
export const STACK_LIMITS = {
  resources: 500,
  outputs: 200,
  parameters: 200,
  mappings: 200,
  templateBytes: 1_048_576,
} as const;
export type StackLimit = keyof typeof STACK_LIMITS;

/** The share of every quota a template may use: at least 20 % headroom. */
export const MAX_SHARE = 0.8;

const Template = z
  .object({
    Resources: z.record(
      z.string(),
      z
        .object({
          Type: z.string(),
          Metadata: z.record(z.string(), z.unknown()).optional(),
          Properties: z.record(z.string(), z.unknown()).optional(),
        })
        .loose(),
    ),
    Outputs: z.record(z.string(), z.unknown()).optional(),
    Parameters: z.record(z.string(), z.unknown()).optional(),
    Mappings: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();
export type StackTemplateBody = z.infer<typeof Template>;

export interface StackTemplate {
  /** The stack's path: the root template's name, then `/<nested stack logical id>` per level. */
  name: string;
  file: string;
  /** Bytes of the template file, as uploaded. */
  bytes: number;
  template: StackTemplateBody;
  /** The logical id of the nested stack resource in its parent; none for the root. */
  logicalId?: string;
  parent?: StackTemplate;
}

const AssetManifest = z.object({
  files: z.record(z.string(), z.object({ source: z.object({ path: z.string() }) })).default({}),
});

/**
 * A root template and, depth first, every nested stack's template it names. CDK writes each beside it;
 * the AWS::CloudFormation::Stack resource points at it with its `aws:asset:path` metadata (written when the
 * CLI synthesizes), else its TemplateURL names the asset by hash in the root's asset manifest.
 * @example stackTemplates('cdk.out/TravelDataApi.template.json').map((t) => t.name)
 */
export function stackTemplates(rootFile: string): StackTemplate[] {
  const dir = dirname(rootFile);
  const manifest = join(dir, basename(rootFile).replace(/\.template\.json$/, '.assets.json'));
  const assets = existsSync(manifest)
    ? AssetManifest.parse(JSON.parse(readFileSync(manifest, 'utf8'))).files
    : {};
  const nestedFile = (resource: StackTemplateBody['Resources'][string]): string | undefined => {
    const path = resource.Metadata?.['aws:asset:path'];
    if (typeof path === 'string') return join(dir, path);
    const hash = /([0-9a-f]{64})\.json"/.exec(JSON.stringify(resource.Properties?.TemplateURL))?.[1];
    const source = hash ? assets[hash]?.source.path : undefined;
    return source ? join(dir, source) : undefined;
  };
  const read = (file: string, name: string, logicalId?: string, parent?: StackTemplate): StackTemplate[] => {
    const template = Template.parse(JSON.parse(readFileSync(file, 'utf8')));
    const self: StackTemplate = {
      name,
      file,
      bytes: statSync(file).size,
      template,
      ...(logicalId ? { logicalId } : {}),
      ...(parent ? { parent } : {}),
    };
    const nested = Object.entries(template.Resources).flatMap(([id, resource]) => {
      const child = resource.Type === 'AWS::CloudFormation::Stack' ? nestedFile(resource) : undefined;
      if (resource.Type === 'AWS::CloudFormation::Stack' && !child)
        throw new Error(`${file}: cannot find the template of nested stack ${id}`);
      return child ? read(child, `${name}/${id.replace(/NestedStack.*$/, '')}`, id, self) : [];
    });
    return [self, ...nested];
  };
  return read(rootFile, basename(rootFile).replace(/\.template\.json$/, ''));
}

export interface Headroom {
  stack: string;
  used: Record<StackLimit, number>;
  /** Used share of each quota, 0–1. */
  share: Record<StackLimit, number>;
  /** The smallest headroom over the quotas: 1 − the largest share. */
  headroom: number;
}

/**
 * How much of each quota every template uses.
 * @example headroom(stackTemplates(file)).every((h) => h.headroom >= 0.2)
 */
export function headroom(templates: StackTemplate[]): Headroom[] {
  return templates.map(({ name, bytes, template }) => {
    const used: Record<StackLimit, number> = {
      resources: Object.keys(template.Resources).length,
      outputs: Object.keys(template.Outputs ?? {}).length,
      parameters: Object.keys(template.Parameters ?? {}).length,
      mappings: Object.keys(template.Mappings ?? {}).length,
      templateBytes: bytes,
    };
    const share = Object.fromEntries(
      Object.entries(used).map(([k, v]) => [k, v / STACK_LIMITS[k as StackLimit]]),
    ) as Record<StackLimit, number>;
    return { stack: name, used, share, headroom: 1 - Math.max(...Object.values(share)) };
  });
}

/**
 * The figures as a table, one stack a line.
 * @example console.log(formatHeadroom(headroom(stackTemplates(file))))
 */
export function formatHeadroom(rows: Headroom[]): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const cell = (row: Headroom, k: StackLimit) => `${row.used[k]} (${pct(row.share[k])})`;
  const header = [
    'stack',
    'resources/500',
    'outputs/200',
    'parameters/200',
    'mappings/200',
    'bytes/1MB',
    'headroom',
  ];
  const lines = rows.map((r) => [
    r.stack,
    cell(r, 'resources'),
    cell(r, 'outputs'),
    cell(r, 'parameters'),
    cell(r, 'mappings'),
    cell(r, 'templateBytes'),
    pct(r.headroom),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  return [header, ...lines].map((l) => l.map((c, i) => c.padEnd(widths[i]!)).join('  ')).join('\n');
}

/**
 * Every stack's resources in one map by logical id, with each nested stack's parameters replaced by the
 * values its parent passes and a parent's `Outputs.` attributes of a nested stack by the output's value:
 * what each property means once deployed, as if the templates were one. A logical id two stacks share
 * (CDK's `CDKMetadata`) keeps the root's.
 * @example flattenResources(stackTemplates(file)).FnHealthFunction1234ABCD.Properties.Environment
 */
export function flattenResources(templates: StackTemplate[]): StackTemplateBody['Resources'] {
  const childOf = (parent: StackTemplate, logicalId: string) =>
    templates.find((t) => t.parent === parent && t.logicalId === logicalId);
  const resolve = (value: unknown, stack: StackTemplate): unknown => {
    if (Array.isArray(value)) return value.map((v) => resolve(v, stack));
    if (value === null || typeof value !== 'object') return value;
    const object = value as Record<string, unknown>;
    const ref = object.Ref;
    if (typeof ref === 'string' && stack.parent && stack.template.Parameters?.[ref] !== undefined) {
      const passed = stack.parent.template.Resources[stack.logicalId!]?.Properties?.Parameters;
      return resolve((passed as Record<string, unknown>)[ref], stack.parent);
    }
    const getAtt = object['Fn::GetAtt'];
    if (Array.isArray(getAtt) && typeof getAtt[1] === 'string' && getAtt[1].startsWith('Outputs.')) {
      const child = childOf(stack, String(getAtt[0]));
      const output = child?.template.Outputs?.[getAtt[1].slice('Outputs.'.length)] as
        { Value: unknown } | undefined;
      if (child && output) return resolve(output.Value, child);
    }
    return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, resolve(v, stack)]));
  };
  const merged: StackTemplateBody['Resources'] = {};
  for (const stack of templates)
    for (const [id, resource] of Object.entries(stack.template.Resources))
      if (!(id in merged)) merged[id] = resolve(resource, stack) as StackTemplateBody['Resources'][string];
  return merged;
}
