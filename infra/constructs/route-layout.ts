/**
 * Where each route's resources live: the deployment is one CloudFormation stack with a nested stack per
 * area (the manifest's `provider`: `site_a`, `account`, `service`…), split further by count when an area
 * outgrows one nested stack.
 *
 * Why nested stacks per area: a route costs about ten resources (function, role, policy, log group, method,
 * permission, its alarms, path resources), so one stack held about forty routes under CloudFormation's
 * 500-resource limit. Nested stacks keep one `cdk deploy`, one REST API with one stage and its usage plans,
 * and one Lambda per endpoint; an area's routes change together, so a change touches one nested stack.
 * Separate top-level stacks would need `cdk deploy --all` and exports that block changes. The area is read
 * from the manifest, so a new route lands in its area's stack with no edit here.
 *
 * How the shared REST API spans the stacks: the root stack holds the RestApi, its deployment and stage, the
 * usage plans and every path resource shared between areas (the first segment, `/v1`, `/account`…, always);
 * a nested stack holds its routes' functions, methods and its area's own path resources, built on the real
 * RestApi object so that the deployment's logical id hashes every method and the deployment waits for the
 * nested stacks (CDK turns those dependencies into DependsOn on the nested stack resources). The Lambda
 * permission names the stage by its literal name: LambdaIntegration's would reference the Stage, which
 * depends on the deployment, which depends on the nested stack: a cycle.
 *
 * Resources stay where they are as the manifest grows: routes fill an area's stacks in manifest order, and
 * a path resource of one area lives with the first route under it, so a route added at the end of its area
 * moves nothing. A method or path resource that changed stacks would be made in the new stack before it is
 * removed from the old one, which API Gateway refuses (the path already has that method).
 */
import { Aws, NestedStack, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Route } from '../../shared/routes/index.ts';

/**
 * Routes per nested stack. About 11 resources and 3 outputs a route: 20 routes use under half of the 500
 * resources and 200 outputs, which leaves room for an area's shared path resources and the headroom the
 * stack test demands (tests/infra/stack.test.ts, "headroom").
 */
export const ROUTES_PER_STACK = 20;

/** One nested stack's share of the manifest. */
export interface RouteStackPlan<Id extends string = string> {
  /** Construct id of the nested stack: `Routes` + the area in PascalCase, + its number from the second on. */
  id: string;
  area: string;
  routes: [Id, Route][];
}

const pascal = (token: string) =>
  token
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/**
 * The manifest split into nested stacks: by area (the route's `provider`), in manifest order, at most
 * `perStack` routes each.
 * @example planRouteStacks(routeEntries).map((s) => s.id) // ['RoutesService', 'RoutesMeta', 'RoutesSiteA', …]
 */
export function planRouteStacks<Id extends string>(
  entries: readonly (readonly [Id, Route])[],
  perStack = ROUTES_PER_STACK,
): RouteStackPlan<Id>[] {
  const byArea = Map.groupBy(entries, ([, route]) => route.provider);
  return [...byArea].flatMap(([area, routes]) =>
    Array.from({ length: Math.ceil(routes.length / perStack) }, (_, i) => ({
      id: `Routes${pascal(area)}${i === 0 ? '' : i + 1}`,
      area,
      routes: routes.slice(i * perStack, (i + 1) * perStack).map(([id, r]) => [id, r] as [Id, Route]),
    })),
  );
}

/** The path prefixes of a route path: `/v1/a/b` → `/v1`, `/v1/a`, `/v1/a/b`. */
const prefixes = (path: string) =>
  path
    .split('/')
    .filter(Boolean)
    .map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}`);

/**
 * Which route's stack makes each path resource: the first route (in manifest order) at or under it, when
 * every route there is of one area; none (the root stack) for a first segment or a path areas share.
 * @example pathOwners([['a', { path: '/v1/x/y', provider: 'x' }], …]).get('/v1/x') // 'a'
 */
export function pathOwners<Id extends string>(
  entries: readonly (readonly [Id, Route])[],
): Map<string, Id | undefined> {
  const users = new Map<string, { first: Id; areas: Set<string> }>();
  for (const [id, route] of entries)
    for (const prefix of prefixes(route.path)) {
      const known = users.get(prefix);
      if (known) known.areas.add(route.provider);
      else users.set(prefix, { first: id, areas: new Set([route.provider]) });
    }
  return new Map(
    [...users].map(([prefix, { first, areas }]) => [
      prefix,
      prefixes(prefix).length > 1 && areas.size === 1 ? first : undefined,
    ]),
  );
}

export interface RouteLayoutProps<Id extends string> {
  api: apigw.RestApi;
  /** The stage's literal name, for the Lambda permissions. */
  stage: string;
  entries: readonly (readonly [Id, Route])[];
  perStack?: number;
}

/**
 * The nested stacks of a manifest, and the API Gateway resources and methods of its routes in them.
 * @example const layout = new RouteLayout(stack, { api, stage: 'prod', entries: routeEntries }); layout.stackOf('health')
 */
export class RouteLayout<Id extends string = string> {
  readonly stacks: NestedStack[];
  private readonly stackById = new Map<Id, NestedStack>();
  private readonly owners: Map<string, Id | undefined>;
  private readonly resources = new Map<string, apigw.IResource>();
  private readonly api: apigw.RestApi;
  private readonly stage: string;

  constructor(scope: Stack, props: RouteLayoutProps<Id>) {
    this.api = props.api;
    this.stage = props.stage;
    this.owners = pathOwners(props.entries);
    this.stacks = planRouteStacks(props.entries, props.perStack).map((plan) => {
      const nested = new NestedStack(scope, plan.id, {
        description: `${plan.area} routes: ${plan.routes.map(([id]) => id).join(', ')}`.slice(0, 1024),
      });
      for (const [id] of plan.routes) this.stackById.set(id, nested);
      return nested;
    });
  }

  /** The nested stack a route's function, method and alarms live in. */
  stackOf(id: Id): NestedStack {
    return this.stackById.get(id)!;
  }

  /**
   * The route's method, in its stack, integrated with its function (Lambda proxy), which only this method
   * on the stage may invoke.
   */
  addMethod(id: Id, route: Route, fn: lambda.IFunction, options: apigw.MethodOptions): apigw.Method {
    const scope = this.stackOf(id);
    const integration = new apigw.Integration({
      type: apigw.IntegrationType.AWS_PROXY,
      integrationHttpMethod: 'POST',
      uri: `arn:${Aws.PARTITION}:apigateway:${Aws.REGION}:lambda:path/2015-03-31/functions/${fn.functionArn}/invocations`,
    });
    fn.addPermission(`Invoke${route.method}`, {
      principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      sourceArn: this.api.arnForExecuteApi(route.method, route.path.replace(/\{[^}]*\}/g, '*'), this.stage),
    });
    return new apigw.Method(scope, `Method${id[0]!.toUpperCase()}${id.slice(1)}`, {
      resource: this.resourceFor(route.path),
      httpMethod: route.method,
      integration,
      options,
    });
  }

  /** The API Gateway resource of a path, made on first use in the stack that owns it. */
  private resourceFor(path: string): apigw.IResource {
    let parent: apigw.IResource = this.api.root;
    for (const prefix of prefixes(path)) {
      const known = this.resources.get(prefix);
      if (known) {
        parent = known;
        continue;
      }
      const pathPart = prefix.slice(prefix.lastIndexOf('/') + 1);
      const owner = this.owners.get(prefix);
      const ownerStack = owner === undefined ? undefined : this.stackOf(owner);
      // Root-owned: made as the RestApi would (same logical ids as the single stack had). Area-owned: under
      // its parent when that is in the same stack, else at the stack's top with the path as its id.
      const made: apigw.IResource =
        ownerStack === undefined
          ? parent.addResource(pathPart)
          : new apigw.Resource(
              Stack.of(parent) === ownerStack ? (parent as apigw.Resource) : ownerStack,
              Stack.of(parent) === ownerStack ? pathPart : `Path${prefix.replaceAll('/', '.')}`,
              { parent, pathPart },
            );
      this.resources.set(prefix, made);
      parent = made;
    }
    return parent;
  }
}
