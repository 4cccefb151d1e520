// The CDK stack, synthesised offline with local esbuild: routes, keys, quotas, edge bodies, TTL,
// least-privilege IAM, cdk-nag's AwsSolutions checks, and the room left under CloudFormation's quotas. The
// routes live in nested stacks: the checks read every stack's resources as one deployment
// (infra/templates.ts resolves what a nested stack is passed). The stack is the one `npm run synth` wrote to
// cdk.out (synthesized again only when the sources are newer, tests/helpers/synth.ts); a test app with 60
// more routes, and the mail sender and a quota from its context, is synthesized here without bundling.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { App, Validations } from 'aws-cdk-lib';
import * as cxapi from 'aws-cdk-lib/cx-api';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../../infra/config.ts';
import { TravelApiStack } from '../../infra/stack.ts';
import {
  flattenResources,
  formatHeadroom,
  headroom,
  MAX_SHARE,
  stackTemplates,
  type StackTemplate,
} from '../../infra/templates.ts';
import { routeEntries, routes } from '../../shared/routes/index.ts';
import { ACCOUNT_ACCESS } from '../../infra/constructs/accounts.ts';
import { keyedAccess, type TableAccess } from '../../infra/constructs/table-access.ts';
import { GATEWAY_CEILING_FACTOR } from '../../shared/http/daily-quota-billing.ts';
import { planRouteStacks, ROUTES_PER_STACK } from '../../infra/constructs/route-layout.ts';
import { templateOf } from '../../infra/sam-env.ts';
import { synthesized } from '../helpers/synth.ts';

type Resource = { Type: string; Properties: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

let template: Template;
let resources: Record<string, Resource>;
let stacks: StackTemplate[];
let outdir: string;
let fresh = false;
/** The context `npm run synth` read (cdk.json's). */
const CONTEXT = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  }
).context;

beforeAll(async () => {
  ({ outdir, fresh } = await synthesized());
  stacks = stackTemplates(templateOf(outdir));
  resources = flattenResources(stacks) as Record<string, Resource>;
  template = Template.fromJSON({ Resources: resources });
}, 300_000);
afterAll(() => {
  if (fresh) rmSync(outdir, { recursive: true, force: true });
});

// A test app: the manifest with 60 clones of a data route under generated ids and paths, in its area, and
// the mail sender and an enterprise quota from its context. Its templates are read, not its bundles: it is
// synthesized without bundling (the `aws:cdk:bundling-stacks` context that `cdk synth --exclusively` sets).
const GENERATED = 60;
const generated = Array.from(
  { length: GENERATED },
  (_, i) =>
    [`generated${i + 1}`, { ...routes.chainARooms, path: `/v1/chain_a/generated-${i + 1}/rooms` }] as const,
);
const GROWN_CONTEXT = {
  enterpriseDailyQuota: 250_000,
  mailFrom: 'no-reply@mail.example.test',
  mailIdentity: 'mail.example.test',
};
let grown: StackTemplate[];
let grownResources: Record<string, Resource>;
let grownOutdir: string;

beforeAll(() => {
  grownOutdir = mkdtempSync(join(tmpdir(), 'cdk-grown-'));
  const app = new App({
    outdir: grownOutdir,
    // cdk.json's feature flags, and what `cdk synth` adds to the templates: their sizes are the deployed ones.
    context: {
      ...CONTEXT,
      [cxapi.PATH_METADATA_ENABLE_CONTEXT]: true,
      [cxapi.ASSET_RESOURCE_METADATA_ENABLED_CONTEXT]: true,
      [cxapi.ANALYTICS_REPORTING_ENABLED_CONTEXT]: true,
      [cxapi.BUNDLING_STACKS]: [],
      ...GROWN_CONTEXT,
    },
  });
  new TravelApiStack(app, 'Grown', {
    config: readConfig((k) => app.node.tryGetContext(k)),
    routes: [...routeEntries, ...generated],
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  app.synth();
  grown = stackTemplates(join(grownOutdir, 'Grown.template.json'));
  grownResources = flattenResources(grown) as Record<string, Resource>;
}, 300_000);
afterAll(() => rmSync(grownOutdir, { recursive: true, force: true }));

const ofType = (type: string, from = resources) => Object.entries(from).filter(([, r]) => r.Type === type);
/** The watch engine's functions (#38: tick, check, deliver), which serve no route. */
const isWatchEngine = (r: unknown) =>
  String((r as { Metadata?: Record<string, unknown> }).Metadata?.['aws:cdk:path']).includes('/Watches/');

/** The full path of an API Gateway resource, rebuilt from its PathPart chain. */
function pathOf(resourceRef: unknown): string {
  const ref = resourceRef as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
  if (ref['Fn::GetAtt']) return '';
  const r = resources[ref.Ref!]!;
  return `${pathOf(r.Properties.ParentId)}/${r.Properties.PathPart}`;
}

describe('routes', () => {
  it('has one method per manifest route, with its key requirement and a Lambda proxy integration', () => {
    const methods = ofType('AWS::ApiGateway::Method').map(([, m]) => ({
      path: pathOf(m.Properties.ResourceId) || '/',
      method: m.Properties.HttpMethod,
      key: m.Properties.ApiKeyRequired ?? false,
      integration: m.Properties.Integration.Type,
    }));
    expect(methods.sort((a, b) => a.path.localeCompare(b.path))).toEqual(
      routeEntries
        // The MCP endpoint's function checks the key, so that the usage plans do not count MCP requests; so
        // does the usage endpoint's, which counts against no quota.
        .map(([, r]) => ({
          path: r.path,
          method: r.method,
          key: r.auth && r.path !== '/mcp' && r.counted !== false,
          integration: 'AWS_PROXY',
        }))
        .sort((a, b) => a.path.localeCompare(b.path)),
    );
  });

  it('runs every function on nodejs24.x arm64 with tracing, inside the 29 s gateway limit', () => {
    const fns = ofType('AWS::Lambda::Function');
    expect(fns.filter(([, fn]) => !isWatchEngine(fn))).toHaveLength(routeEntries.length);
    expect(fns.filter(([, fn]) => isWatchEngine(fn))).toHaveLength(3);
    for (const [, fn] of fns) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        TracingConfig: { Mode: 'Active' },
        Handler: 'index.handler',
      });
      // The watch engine's workers are behind no gateway: a check's route budget and a receiver's 10 s.
      expect(fn.Properties.Timeout).toBeLessThan(isWatchEngine(fn) ? 61 : 29);
    }
  });

  it('gives each function its own log group with retention', () => {
    for (const [, group] of ofType('AWS::Logs::LogGroup')) expect(group.Properties.RetentionInDays).toBe(30);
  });

  it('ships the gazetteer index beside the coordinates lookup bundle', () => {
    const fn = ofType('AWS::Lambda::Function').find(([, f]) =>
      /coordinates-lookup/.test(f.Properties.Description),
    )![1];
    expect(fn.Properties.Environment.Variables.GAZETTEER_DIR).toBe('/var/task/data');
    expect(readFileSync(join(bundleDir(fn), 'data/keys.txt'), 'latin1')).toMatch(/^paris\|/m);
  });
});

/** The directory of a function's bundle in the cloud assembly. */
function bundleDir(fn: Resource): string {
  const assets = JSON.parse(
    readFileSync(templateOf(outdir).replace(/template\.json$/, 'assets.json'), 'utf8'),
  ) as {
    files: Record<string, { source: { path: string } }>;
  };
  const key = String(fn.Properties.Code.S3Key).replace(/\.zip$/, '');
  return join(outdir, assets.files[key]!.source.path);
}

const functionOf = (path: string, method?: string, from = resources) =>
  ofType('AWS::Lambda::Function', from).find(([, f]) => {
    const [m, p] = String(f.Properties.Description).split(' ');
    return p === `${path}:` && (!method || m === method);
  })![1];

describe('reference and MCP', () => {
  it('serves the OpenAPI document built at bundling time, with the stage URL as its server', () => {
    const fn = functionOf(routes.openapi.path);
    const variables = fn.Properties.Environment.Variables;
    expect(variables.OPENAPI_DOCUMENT).toBe('/var/task/openapi.json');
    expect(JSON.stringify(variables.PUBLIC_BASE_URL)).toMatch(/execute-api.*\/prod/);
    const doc = JSON.parse(readFileSync(join(bundleDir(fn), 'openapi.json'), 'utf8')) as { paths: object };
    expect(Object.keys(doc.paths)).toContain('/v1/chain_a/rooms');
  });

  it("serves Swagger UI's files from the bundle of the docs assets function", () => {
    const fn = functionOf(routes.docsAsset.path);
    expect(fn.Properties.Environment.Variables.SWAGGER_UI_DIR).toBe('/var/task/swagger-ui');
    expect(readFileSync(join(bundleDir(fn), 'swagger-ui/swagger-ui-bundle.js'), 'utf8')).toMatch(
      /SwaggerUIBundle/,
    );
  });

  it('gives the MCP function the document, the gazetteer and the counters table, on POST without the gateway key', () => {
    const fn = functionOf(routes.mcp.path);
    expect(fn.Properties.Environment.Variables).toMatchObject({
      OPENAPI_DOCUMENT: '/var/task/openapi.json',
      GAZETTEER_DIR: '/var/task/data',
      COUNTER_TABLE: { Ref: expect.stringMatching(/^Counters/) },
    });
    for (const file of ['openapi.json', 'data/keys.txt'])
      expect(existsSync(join(bundleDir(fn), file))).toBe(true);
    template.hasResourceProperties('AWS::ApiGateway::Method', {
      HttpMethod: 'POST',
      OperationName: 'mcp',
      ApiKeyRequired: false,
    });
  });
});

describe('API', () => {
  it('is a regional REST API whose key comes from the header', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      ApiKeySourceType: 'HEADER',
      EndpointConfiguration: { Types: ['REGIONAL'] },
    });
  });

  it('logs access in JSON and traces the stage', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      TracingEnabled: true,
      AccessLogSetting: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });
});

describe('tiers', () => {
  it.each([
    ['free', 10],
    ['basic', 1_000],
    ['pro', 10_000],
    ['enterprise', readConfig((k) => CONTEXT[k]).enterpriseDailyQuota],
  ])('has a %s usage plan on the stage, a ceiling of 3 times its %i billed requests a day', (tier, limit) => {
    template.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
      UsagePlanName: `travel-data-api-${tier}`,
      Quota: { Limit: limit * GATEWAY_CEILING_FACTOR, Period: 'DAY' },
      Throttle: Match.objectLike({ RateLimit: Match.anyValue(), BurstLimit: Match.anyValue() }),
      ApiStages: [Match.objectLike({ Stage: Match.anyValue() })],
    });
  });

  it("takes the enterprise tier's billed requests a day from the context", () => {
    Template.fromJSON({ Resources: grownResources }).hasResourceProperties('AWS::ApiGateway::UsagePlan', {
      UsagePlanName: 'travel-data-api-enterprise',
      Quota: { Limit: GROWN_CONTEXT.enterpriseDailyQuota * GATEWAY_CEILING_FACTOR, Period: 'DAY' },
    });
  });
});

describe('edge error bodies', () => {
  const responses = () =>
    Object.fromEntries(
      ofType('AWS::ApiGateway::GatewayResponse').map(([, r]) => [r.Properties.ResponseType, r.Properties]),
    );

  it.each([
    ['INVALID_API_KEY', '401', 'unauthorized'],
    ['QUOTA_EXCEEDED', '429', 'rate_limit_exceeded'],
    ['THROTTLED', '429', 'rate_limit_exceeded'],
    ['MISSING_AUTHENTICATION_TOKEN', '404', 'not_found'],
    ['REQUEST_TOO_LARGE', '413', 'payload_too_large'],
    ['DEFAULT_4XX', '400', 'bad_request'],
    ['DEFAULT_5XX', '502', 'gateway_error'],
  ])('answers %s with %s and the global body code %s', (type, status, code) => {
    const r = responses()[type];
    expect(r.StatusCode).toBe(status);
    const body = r.ResponseTemplates['application/json'] as string;
    // $context.error.messageString arrives already quoted: substitute a sample to check the JSON.
    expect(JSON.parse(body.replace('$context.error.messageString', '"sample"'))).toEqual({
      error: { code, message: expect.any(String), details: 'sample' },
    });
  });
});

describe('counters table', () => {
  it('is on-demand, keyed by pk, with TTL on expires_at and point-in-time recovery', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });
});

describe('least privilege', () => {
  type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };
  const statements = () =>
    ofType('AWS::IAM::Policy').map(
      ([id, p]) => [id, p.Properties.PolicyDocument.Statement as Statement[]] as const,
    );
  const isDynamo = (st: { Action: string | string[] }) =>
    [st.Action].flat().some((a) => a.startsWith('dynamodb:'));

  /** A function's table access, read from its role's policies: each action's item prefixes. */
  const tableAccessOf = (fn: Resource) => {
    const role = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const access: Record<string, string[]> = {};
    for (const [, policy] of ofType('AWS::IAM::Policy').filter(([, p]) =>
      JSON.stringify(p.Properties.Roles).includes(`"${role}"`),
    ))
      for (const st of (policy.Properties.PolicyDocument.Statement as Statement[]).filter(isDynamo)) {
        if (JSON.stringify(st.Resource).includes('/index/')) continue; // the tick's Query of the due index
        expect(st.Resource).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^Counters/), 'Arn'] });
        // Never the whole table: every statement names the items it may touch.
        const items = [
          (st.Condition as Record<string, Record<string, string | string[]>>)['ForAllValues:StringLike']![
            'dynamodb:LeadingKeys'
          ]!,
        ].flat();
        for (const action of [st.Action].flat())
          access[action.replace('dynamodb:', '')] = [
            ...new Set([...(access[action.replace('dynamodb:', '')] ?? []), ...items]),
          ].sort();
      }
    return access;
  };
  /** An access as the grant spells it: `<PREFIX>#*`, sorted. */
  const asGranted = (access: TableAccess) =>
    Object.fromEntries(
      Object.entries(access).map(([action, items]) => [action, items.map((i) => `${i}#*`).sort()]),
    );

  it('grants keyed functions only their items: the key read, the day counted, results and slots shared, never an account', () => {
    // Prepare
    const keyed = routeEntries.filter(([, r]) => r.auth && r.counted !== false);
    expect(keyed.length).toBeGreaterThan(50);
    // No function anywhere may touch the table without naming its items.
    for (const [, s] of statements())
      for (const st of s.filter(isDynamo))
        expect({ st, conditioned: Boolean(st.Condition) }).toMatchObject({ conditioned: true });
    for (const [id, route] of keyed) {
      // Act
      const granted = tableAccessOf(functionOf(route.path, route.method));
      // Assess: the prefixes the code uses (tests/infra/table-access.test.ts runs it against them)
      const want = asGranted(
        keyedAccess({ upstream: Boolean(route.upstream?.length), mcp: route.kind === 'mcp' }),
      );
      expect({ id, granted }).toEqual({ id, granted: want });
    }
    const coordinates = tableAccessOf(functionOf(routes.coordinatesLookup.path));
    expect(coordinates).toEqual({ GetItem: ['KEY#*'], UpdateItem: ['COUNT#*'] });
    const rooms = tableAccessOf(functionOf(routes.chainARooms.path));
    expect(rooms).toEqual({
      GetItem: ['KEY#*', 'RESULT#*'],
      UpdateItem: ['COUNT#*', 'RESULT#*', 'SLOT#*'],
    });
    // The MCP endpoint runs the data routes and the watch tools (create, list, delete) in process.
    expect(tableAccessOf(functionOf(routes.mcp.path))).toEqual({
      GetItem: ['KEY#*', 'RESULT#*', 'WATCH#*', 'WATCHES#*'],
      PutItem: ['WATCH#*'],
      UpdateItem: ['COUNT#*', 'RESULT#*', 'SLOT#*', 'WATCHES#*'],
      DeleteItem: ['WATCH#*'],
    });
  });

  it('grants the watch routes and the watch engine only what each writes: no key written, no whole table', () => {
    const engine = (file: string) =>
      tableAccessOf(
        ofType('AWS::Lambda::Function').find(
          ([, f]) => String(f.Properties.Description) === `watches: functions/watches/${file}.ts`,
        )![1],
      );
    expect(tableAccessOf(functionOf(routes.watchCreate.path, 'POST'))).toEqual({
      GetItem: ['KEY#*'],
      PutItem: ['WATCH#*'],
      UpdateItem: ['WATCHES#*'],
    });
    expect(tableAccessOf(functionOf(routes.watchList.path, 'GET'))).toEqual({
      GetItem: ['KEY#*', 'WATCH#*', 'WATCHES#*'],
    });
    expect(tableAccessOf(functionOf(routes.watchGet.path, 'GET'))).toEqual({ GetItem: ['KEY#*', 'WATCH#*'] });
    expect(tableAccessOf(functionOf(routes.watchDelete.path, 'DELETE'))).toEqual({
      GetItem: ['KEY#*'],
      DeleteItem: ['WATCH#*'],
      UpdateItem: ['WATCHES#*'],
    });
    expect(engine('tick')).toEqual({ UpdateItem: ['DELIVERY#*', 'WATCH#*'] });
    // A check is a keyed data call on behalf of the watch's key, and keeps the watch and its delivery.
    expect(engine('check')).toEqual({
      GetItem: ['KEY#*', 'RESULT#*', 'WATCH#*'],
      PutItem: ['DELIVERY#*', 'WATCH#*'],
      UpdateItem: ['COUNT#*', 'DELIVERY#*', 'RESULT#*', 'SLOT#*'],
    });
    expect(engine('deliver')).toEqual({
      GetItem: ['DELIVERY#*', 'WATCH#*'],
      PutItem: ['DELIVERY#*', 'WATCH#*'],
    });
    for (const granted of [engine('check'), engine('deliver'), engine('tick')])
      for (const action of ['PutItem', 'UpdateItem', 'DeleteItem'])
        expect(granted[action] ?? []).not.toContain('KEY#*');
  });

  it('uses Resource * only for the X-Ray actions, and no managed policy on function roles', () => {
    for (const [, s] of statements()) {
      for (const st of s.filter((x) => x.Resource === '*'))
        expect([st.Action].flat().every((a) => a.startsWith('xray:'))).toBe(true);
    }
    const functionRoles = ofType('AWS::IAM::Role').filter(([id]) => id.startsWith('Fn'));
    for (const [, role] of functionRoles) expect(role.Properties.ManagedPolicyArns).toBeUndefined();
  });
});

describe('accounts', () => {
  const policyOf = (routeId: string) =>
    ofType('AWS::IAM::Policy').find(([id]) =>
      id.startsWith(`Fn${routeId[0]!.toUpperCase()}${routeId.slice(1)}RoleDefaultPolicy`),
    )!;
  const allStatements = (from = resources) =>
    ofType('AWS::IAM::Policy', from).flatMap(([id, p]) =>
      (
        p.Properties.PolicyDocument.Statement as {
          Action: string | string[];
          Resource: unknown;
          Condition?: unknown;
        }[]
      ).map((st) => [id, st] as const),
    );

  it('limits each account function to its own DynamoDB actions on its own items (dynamodb:LeadingKeys)', () => {
    for (const [routeId, access] of Object.entries(ACCOUNT_ACCESS)) {
      const [, policy] = policyOf(routeId);
      const dynamo = (policy.Properties.PolicyDocument.Statement as { Action: string[] }[]).filter((st) =>
        [st.Action].flat().some((a) => a.startsWith('dynamodb:')),
      );
      // Minimized policies list their actions sorted.
      expect({ routeId, dynamo }).toEqual({
        routeId,
        dynamo: [
          {
            Action: access.actions.length === 1 ? access.actions[0] : [...access.actions].sort(),
            Effect: 'Allow',
            Resource: { 'Fn::GetAtt': [expect.stringMatching(/^Counters/), 'Arn'] },
            Condition: {
              'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': access.items.map((i) => `${i}#*`) },
            },
          },
        ],
      });
    }
    // The dashboard page and its assets touch nothing.
    for (const routeId of ['dashboard', 'dashboardAsset'])
      expect(policyOf(routeId)[1].Properties.PolicyDocument.Statement).toHaveLength(2);
  });

  it('lets only the key functions call API Gateway: create on /apikeys and the plans, delete keys, read the plans', () => {
    const gateway = allStatements().filter(([, st]) =>
      [st.Action].flat().some((a) => a.startsWith('apigateway:')),
    );
    const byPolicy = Map.groupBy(gateway, ([id]) => id.replace(/Gateway[0-9A-F]{8}$/, ''));
    expect([...byPolicy.keys()].sort()).toEqual([
      'AccountsaccountDelete',
      'AccountsaccountKeyCreate',
      'AccountsaccountKeyRevoke',
      'AccountsaccountKeyRotate',
    ]);
    const actions = (id: string) =>
      byPolicy
        .get(id)!
        .flatMap(([, st]) => [st.Action].flat())
        .sort();
    expect(actions('AccountsaccountKeyCreate')).toEqual([
      'apigateway:DELETE',
      'apigateway:GET',
      'apigateway:POST',
    ]);
    expect(actions('AccountsaccountKeyRevoke')).toEqual(['apigateway:DELETE', 'apigateway:GET']);
    expect(actions('AccountsaccountDelete')).toEqual(['apigateway:DELETE', 'apigateway:GET']);
    const post = byPolicy
      .get('AccountsaccountKeyCreate')!
      .find(([, st]) => st.Action === 'apigateway:POST')![1];
    const resources = JSON.stringify(post.Resource);
    expect(resources).toContain('::/apikeys"');
    expect(resources.match(/\/usageplans\/",\{"Ref":"ApiPlan\w+"\},"\/keys"/g)).toHaveLength(4);
    // Every key function finds the plans by the API and stage it is given.
    for (const routeId of ['accountKeyCreate', 'accountKeyRevoke', 'accountKeyRotate', 'accountDelete'])
      expect(
        functionOf(routes[routeId as 'accountKeyCreate'].path, 'POST').Properties.Environment.Variables,
      ).toMatchObject({
        REST_API_ID: { Ref: expect.stringMatching(/^Api/) },
        API_STAGE: 'prod',
        COUNTER_TABLE: { Ref: expect.stringMatching(/^Counters/) },
      });
  });

  it('warns at synth when no mail sender is configured (its links are then never logged), and not when one is', () => {
    // Assess: cdk.json names no sender; the test app does
    const warned = (dir: string) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .some((f) => readFileSync(join(dir, f), 'utf8').includes('travel-data-api:noMailFrom'));
    expect(CONTEXT.mailFrom).toBeUndefined();
    expect(warned(outdir)).toBe(true);
    expect(warned(grownOutdir)).toBe(false);
  });

  it('lets only the sign-up and password-reset functions send mail, through SES, from the configured sender on its identity', () => {
    const sendsMail = ([, st]: ReturnType<typeof allStatements>[number]) =>
      [st.Action].flat().some((a) => a.startsWith('ses:'));
    expect(allStatements().filter(sendsMail)).toEqual([]);
    const mail = allStatements(grownResources).filter(sendsMail);
    expect(mail.map(([policy]) => policy.replace(/RoleDefaultPolicy.*$/, '')).sort()).toEqual([
      'FnAccountPasswordForgot',
      'FnAccountSignUp',
    ]);
    for (const [, statement] of mail) {
      expect(statement).toMatchObject({
        Action: 'ses:SendEmail',
        Condition: { StringEquals: { 'ses:FromAddress': GROWN_CONTEXT.mailFrom } },
      });
      expect(JSON.stringify(statement.Resource)).toContain(`:identity/${GROWN_CONTEXT.mailIdentity}`);
    }
    expect(
      functionOf(routes.accountSignUp.path, 'POST', grownResources).Properties.Environment.Variables,
    ).toMatchObject({
      MAIL_FROM: GROWN_CONTEXT.mailFrom,
      PUBLIC_BASE_URL: expect.anything(),
    });
  });

  it("serves the dashboard's script and styles, built with its chart library, from its asset function's bundle", () => {
    const fn = functionOf(routes.dashboardAsset.path);
    expect(fn.Properties.Environment.Variables.DASHBOARD_DIR).toBe('/var/task/dashboard');
    const script = readFileSync(join(bundleDir(fn), 'dashboard/app.js'), 'utf8');
    expect(script).toMatch(/account\/session/);
    expect(script.length).toBeGreaterThan(50_000); // Chart.js inside, not fetched from a CDN
    expect(script).not.toMatch(/https?:\/\/cdn/);
    expect(existsSync(join(bundleDir(fn), 'dashboard/app.css'))).toBe(true);
  });

  it('leaves the key of /v1/account/usage to its function (the usage plans would count it), and sessions to the dashboard', () => {
    template.hasResourceProperties('AWS::ApiGateway::Method', {
      OperationName: 'accountUsage',
      ApiKeyRequired: false,
    });
    template.hasResourceProperties('AWS::ApiGateway::Method', {
      HttpMethod: 'POST',
      OperationName: 'accountKeyCreate',
      ApiKeyRequired: false,
    });
  });
});

describe('layout', () => {
  // The routes' nested stacks (the watch engine has one of its own, with no route).
  const nested = () => stacks.filter((s) => s.parent && !s.name.endsWith('/Watches'));
  const functionsIn = (stack: StackTemplate) =>
    Object.values(stack.template.Resources).filter((r) => r.Type === 'AWS::Lambda::Function');
  const routeOf = (fn: { Properties?: Record<string, unknown> }) => {
    const [method, path] = String(fn.Properties!.Description).split(' ');
    return routeEntries.find(([, r]) => r.method === method && `${r.path}:` === path)!;
  };

  it('is one REST API with one stage, and each route in the nested stack of its area', () => {
    expect(ofType('AWS::ApiGateway::RestApi')).toHaveLength(1);
    expect(ofType('AWS::ApiGateway::Stage')).toHaveLength(1);
    expect(functionsIn(stacks[0]!)).toEqual([]);
    // One nested stack per area, and more for an area past ROUTES_PER_STACK (the accounts, with the watches).
    expect(nested()).toHaveLength(planRouteStacks(routeEntries).length);
    for (const stack of nested()) {
      const inStack = new Set(functionsIn(stack).map((fn) => routeOf(fn)[1].provider));
      expect({ stack: stack.name, areas: inStack.size }).toEqual({ stack: stack.name, areas: 1 });
    }
  });

  it('deploys the stage only once every nested stack has its methods', () => {
    const [, deployment] = ofType('AWS::ApiGateway::Deployment')[0]! as [
      string,
      Resource & { DependsOn: string[] },
    ];
    expect(deployment.DependsOn).toEqual(expect.arrayContaining(nested().map((s) => s.logicalId)));
  });

  it('lets API Gateway invoke each function from its own method on the stage only', () => {
    const permissions = ofType('AWS::Lambda::Permission').filter(
      ([, p]) => p.Properties.Principal === 'apigateway.amazonaws.com',
    );
    expect(permissions).toHaveLength(routeEntries.length);
    const arns = permissions.map(([, p]) => JSON.stringify(p.Properties.SourceArn));
    for (const [, route] of routeEntries)
      expect(arns).toContainEqual(
        expect.stringContaining(`/prod/${route.method}${route.path.replace(/\{[^}]*\}/g, '*')}"`),
      );
  });
});

describe('watches (#38)', () => {
  it('has the due-time index on the table, a schedule every minute on the tick, and the queues with their dead letters', () => {
    const [, table] = ofType('AWS::DynamoDB::Table')[0]!;
    expect(table.Properties.GlobalSecondaryIndexes).toEqual([
      expect.objectContaining({
        IndexName: 'due',
        KeySchema: [
          { AttributeName: 'due_pk', KeyType: 'HASH' },
          { AttributeName: 'due_at', KeyType: 'RANGE' },
        ],
      }),
    ]);
    const rules = ofType('AWS::Events::Rule');
    expect(rules.map(([, r]) => r.Properties.ScheduleExpression)).toEqual(['rate(1 minute)']);
    const queues = ofType('AWS::SQS::Queue');
    expect(queues).toHaveLength(4);
    const redriven = queues.filter(([, q]) => q.Properties.RedrivePolicy);
    expect(redriven.map(([, q]) => q.Properties.RedrivePolicy.maxReceiveCount)).toEqual([3, 3]);
    const sources = ofType('AWS::Lambda::EventSourceMapping');
    expect(sources.map(([, m]) => m.Properties.FunctionResponseTypes)).toEqual([
      ['ReportBatchItemFailures'],
      ['ReportBatchItemFailures'],
    ]);
  });

  it('alarms on both dead-letter queues and on the delivery failure rate', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').filter(([, a]) => isWatchEngine(a));
    expect(alarms).toHaveLength(3);
    expect(
      alarms.filter(([, a]) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible'),
    ).toHaveLength(2);
    expect(alarms.filter(([, a]) => a.Properties.Metrics)).toHaveLength(1);
  });

  it("keeps the webhook signing key in Secrets Manager, read by the creation (the route's and MCP's createWatch) and the delivery alone", () => {
    const secrets = ofType('AWS::SecretsManager::Secret');
    expect(secrets).toHaveLength(1);
    expect(secrets[0]![1].Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64 });
    const readers = ofType('AWS::Lambda::Function').filter(
      ([, f]) => f.Properties.Environment?.Variables?.WEBHOOK_SIGNING_SECRET_ID,
    );
    // MCP's createWatch runs the route's handler in process, which shows the new watch's secret.
    expect(readers.map(([, f]) => String(f.Properties.Description)).sort()).toEqual([
      expect.stringContaining('POST /mcp'),
      expect.stringContaining('POST /v1/watches'),
      'watches: functions/watches/deliver.ts',
    ]);
    // Each reader has the extension that reads it; no other function's role may read it.
    for (const [, f] of readers) expect(f.Properties.Layers).toHaveLength(1);
    const grants = ofType('AWS::IAM::Policy').filter(([, p]) =>
      JSON.stringify(p.Properties.PolicyDocument).match(/WebhookSigningKey/),
    );
    expect(grants).toHaveLength(3);
  });

  it("gives the check the stage's public URL: a refusal it records (a 401's help link) names it, not a synthetic host", () => {
    // Act
    const [, check] = ofType('AWS::Lambda::Function').find(
      ([, f]) => String(f.Properties.Description) === 'watches: functions/watches/check.ts',
    )!;
    // Assess
    expect(JSON.stringify(check.Properties.Environment.Variables.PUBLIC_BASE_URL)).toMatch(
      /execute-api.*\/prod/,
    );
  });
});

describe('headroom', () => {
  it('keeps every stack, nested ones included, at least 20 % under each CloudFormation quota', () => {
    const rows = headroom(stacks);
    console.log(`CloudFormation quotas used, today's routes:\n${formatHeadroom(rows)}`);
    expect(rows.filter((r) => r.headroom < 1 - MAX_SHARE)).toEqual([]);
  });

  describe('with 60 more routes', () => {
    it('keeps every stack at least 20 % under each CloudFormation quota', () => {
      const rows = headroom(grown);
      console.log(
        `CloudFormation quotas used, today's ${routeEntries.length} routes and ${GENERATED} generated ones:\n${formatHeadroom(rows)}`,
      );
      expect(rows.filter((r) => r.headroom < 1 - MAX_SHARE)).toEqual([]);
    });

    it('places the new routes in their area by itself, at most ROUTES_PER_STACK to a nested stack', () => {
      const all = flattenResources(grown);
      const count = (type: string) => Object.values(all).filter((r) => r.Type === type).length;
      expect(count('AWS::Lambda::Function')).toBe(routeEntries.length + GENERATED + 3); // + the watch engine
      expect(count('AWS::ApiGateway::Method')).toBe(routeEntries.length + GENERATED);
      expect(count('AWS::ApiGateway::RestApi')).toBe(1);
      const areaStacks = grown.filter((s) => /\/RoutesChainA\d*$/.test(s.name));
      expect(areaStacks.map((s) => s.name.replace(/^.*\//, ''))).toEqual([
        'RoutesChainA',
        'RoutesChainA2',
        'RoutesChainA3',
        'RoutesChainA4',
      ]);
      for (const stack of areaStacks)
        expect(
          Object.values(stack.template.Resources).filter((r) => r.Type === 'AWS::Lambda::Function').length,
        ).toBeLessThanOrEqual(ROUTES_PER_STACK);
    });

    it('passes the AwsSolutions checks', () => {
      const report = JSON.parse(readFileSync(join(grownOutdir, 'validation-report.json'), 'utf8')) as {
        pluginReports: { pluginName: string; violations: unknown[] }[];
      };
      expect(report.pluginReports.find((p) => p.pluginName === 'AwsSolutions')!.violations).toEqual([]);
    });
  });
});

describe('cdk-nag', () => {
  it('passes the AwsSolutions checks, every acknowledgement with its reason', () => {
    const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: {
        pluginName: string;
        conclusion: string;
        violations: unknown[];
        suppressedViolations: { reason: string }[];
      }[];
    };
    const nag = report.pluginReports.find((p) => p.pluginName === 'AwsSolutions')!;
    expect(nag.conclusion).toBe('success');
    expect(nag.violations).toEqual([]);
    for (const s of nag.suppressedViolations) expect(s.reason.length).toBeGreaterThan(30);
  });
});
