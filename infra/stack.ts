/**
 * The whole deployment, one `cdk deploy`: a regional REST API with one Lambda per manifest route, usage
 * plans for the tier quotas, gateway responses that speak the contract's error bodies at the edge,
 * and the DynamoDB table of daily request counters and issued keys. The routes' functions, methods and
 * alarms live in nested stacks per area (infra/constructs/route-layout.ts says why and how); this stack
 * keeps what they share.
 */
import { CfnOutput, NestedStack, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { GATEWAY_CEILING_FACTOR } from '../shared/http/daily-quota-billing.ts';
import { EDGE_REFUSALS, STATUS } from '../shared/errors.ts';
import { AUTH_ERRORS, routeEntries, type Route, type RouteId } from '../shared/routes/index.ts';
import { secretNames } from '../shared/upstream/secrets.ts';
import { isProviderToken } from '../shared/tokens.ts';
import { dailyQuota, type Tier } from '../shared/store/types.ts';
import type { StackConfig } from './config.ts';
import { ApiFunction } from './constructs/api-function.ts';
import { accountEnvironment, AccountPermissions } from './constructs/accounts.ts';
import { Observability, type ObservedRoute } from './constructs/observability.ts';
import { RouteLayout } from './constructs/route-layout.ts';
import { keyedAccess, tableStatements } from './constructs/table-access.ts';
import { Watches } from './constructs/watches.ts';

/** Requests per second and burst per tier; the day's quota is the exact limit, these only smooth spikes. */
export const TIER_THROTTLES: Record<
  Exclude<Tier, 'enterprise'>,
  { rateLimit: number; burstLimit: number }
> = {
  free: { rateLimit: 1, burstLimit: 5 },
  basic: { rateLimit: 10, burstLimit: 20 },
  pro: { rateLimit: 50, burstLimit: 100 },
};

export const STAGE = 'prod';

const globalBody = (code: string, message: string) =>
  `{"error":{"code":"${code}","message":"${message}","details":$context.error.messageString}}`;

export interface TravelApiStackProps extends StackProps {
  config: StackConfig;
  /** The routes to deploy; default: the manifest's. (The stack test's headroom check adds generated ones.) */
  routes?: readonly (readonly [string, Route])[];
}

export class TravelApiStack extends Stack {
  readonly api: apigw.RestApi;
  readonly table: dynamodb.Table;
  readonly usagePlans: Record<Tier, apigw.UsagePlan>;
  readonly observability: Observability;
  readonly layout: RouteLayout;

  constructor(scope: Construct, id: string, props: TravelApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    const entries = props.routes ?? routeEntries;

    this.table = new dynamodb.Table(this, 'Counters', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: 'expires_at',
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: config.logRetentionDays as logs.RetentionDays,
    });
    this.api = new apigw.RestApi(this, 'Api', {
      restApiName: 'travel-data-api',
      description: 'Lodging, rental, dining and place lookup API',
      endpointTypes: [apigw.EndpointType.REGIONAL],
      apiKeySourceType: apigw.ApiKeySourceType.HEADER,
      cloudWatchRole: true,
      deployOptions: {
        stageName: STAGE,
        tracingEnabled: true,
        metricsEnabled: true,
        loggingLevel: apigw.MethodLoggingLevel.ERROR,
        accessLogDestination: new apigw.LogGroupLogDestination(accessLogs),
        accessLogFormat: apigw.AccessLogFormat.jsonWithStandardFields({
          caller: false,
          httpMethod: true,
          ip: true,
          protocol: true,
          requestTime: true,
          resourcePath: true,
          responseLength: true,
          status: true,
          user: false,
        }),
      },
    });

    // The key each watch's webhook signing secret is derived from (shared/watches/signing.ts): the table
    // keeps no secret. Not rotated: a new key would change every watch's secret its owner verifies with.
    const signingKey = new secretsmanager.Secret(this, 'WebhookSigningKey', {
      description: 'travel-data-api: the key watches derive their webhook signing secrets from',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(signingKey).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SMG4',
      reason:
        "Rotating the webhook signing key would change every watch's signing secret, which each owner keeps to verify deliveries; a new key is an operator's decision with the owners told.",
    });

    const environment = {
      LOG_LEVEL: config.logLevel,
      ENTERPRISE_DAILY_QUOTA: String(config.enterpriseDailyQuota),
    };
    // Each function gets only its own sources' configuration, and may read only their secrets. A route of a
    // source that makes no upstream call (url-to-id, extract-id) still needs its source's public hosts.
    const providersOf = (route: Route) =>
      Object.fromEntries(
        Object.entries(config.providers).filter(
          ([name]) =>
            route.kind === 'mcp' ||
            name === route.provider ||
            (route.upstream ?? []).some((token) => token === name),
        ),
      );
    // The served OpenAPI document's server. Built from the API's id: the stage's own URL would make a cycle
    // (stage → deployment → methods → this function).
    const publicBaseUrl = `https://${this.api.restApiId}.execute-api.${this.region}.${this.urlSuffix}/${STAGE}`;
    this.layout = new RouteLayout(this, { api: this.api, stage: STAGE, entries });
    const observed: ObservedRoute[] = [];
    const accountFunctions: [RouteId, lambda.Function][] = [];
    const methods: apigw.Method[] = [];
    const watchFunctions: [RouteId, lambda.Function][] = [];
    for (const [id, route] of entries) {
      // A generated test route's id is no manifest id: no account table lists it.
      const routeId = id as RouteId;
      const scope = this.layout.stackOf(id);
      const fn = new ApiFunction(scope, `Fn${id[0]!.toUpperCase()}${id.slice(1)}`, {
        route,
        logRetentionDays: config.logRetentionDays,
        secrets: {
          providers: {
            prefix: config.secretsPrefix,
            names: [...new Set(Object.values(providersOf(route)).flatMap((p) => secretNames(p)))],
          },
          // A watch's creation shows its signing secret, derived from the signing key: the route's, and the
          // MCP endpoint's createWatch tool, which runs the route's handler in process.
          ...(id === 'watchCreate' || route.kind === 'mcp' ? { signingKey } : {}),
        },
        // API_KEYS is declared empty (and unread while COUNTER_TABLE names the table) so that `sam local
        // --env-vars` can set it: SAM overrides only variables the template declares (infra/sam-env.ts).
        environment: {
          ...(route.auth
            ? { ...environment, COUNTER_TABLE: this.table.tableName, API_KEYS: '' }
            : environment),
          ...(route.upstream?.length || route.kind === 'mcp' || isProviderToken(route.provider)
            ? { PROVIDERS: JSON.stringify(providersOf(route)) }
            : {}),
          ...(id === 'openapi' ? { PUBLIC_BASE_URL: publicBaseUrl } : {}),
          ...accountEnvironment(routeId, {
            table: this.table,
            api: this.api,
            stage: STAGE,
            config,
            publicBaseUrl,
          }),
        },
      });
      if (route.kind === 'account' || route.counted === false) accountFunctions.push([routeId, fn.fn]);
      if (route.kind === 'watch') watchFunctions.push([routeId, fn.fn]);
      observed.push({ id, route, fn: fn.fn, scope });
      // Keyed functions read the key's item and count the request, and share results and source slots when
      // they reach a source: those items only, never an account's, a session's or a reset link's
      // (constructs/table-access.ts). The usage endpoint counts nothing: its reads are granted with the
      // account functions'.
      if (route.auth && route.counted !== false)
        for (const statement of tableStatements(
          this.table,
          keyedAccess({ upstream: Boolean(route.upstream?.length), mcp: route.kind === 'mcp' }),
        ))
          fn.fn.addToRolePolicy(statement);
      const method = this.layout.addMethod(id, route, fn.fn, {
        // The MCP endpoint checks the key itself: the gateway's usage plans would count every MCP request
        // (initialize, tools/list), where a key's quota counts tool calls only. So does the usage endpoint,
        // which counts against no quota.
        apiKeyRequired: route.auth && route.kind !== 'mcp' && route.counted !== false,
        operationName: id,
      });
      methods.push(method);
    }

    this.observability = new Observability(this, 'Observability', {
      api: this.api,
      stage: STAGE,
      routes: observed,
      providers: [...new Set(observed.flatMap(({ route }) => route.upstream ?? []))],
      table: this.table,
      ...(config.alarmEmail ? { alarmEmail: config.alarmEmail } : {}),
    });

    // Watches (#38): the tick, the check and delivery queues with their dead letters, and their alarms, in a
    // nested stack of their own; the due-time index on the table.
    const watched = entries.filter(([, r]) => r.watch);
    const watchedProviders = Object.fromEntries(
      Object.entries(config.providers).filter(([name]) =>
        watched.some(([, r]) => (r.upstream ?? []).some((token) => token === name)),
      ),
    );
    new Watches(
      new NestedStack(this, 'Watches', { description: 'watches: tick, queues, workers, alarms' }),
      'Watches',
      {
        table: this.table,
        routeFunctions: watchFunctions,
        environment,
        providers: watchedProviders,
        secrets: {
          prefix: config.secretsPrefix,
          names: [...new Set(Object.values(watchedProviders).flatMap((p) => secretNames(p)))],
        },
        signingKey,
        logRetentionDays: config.logRetentionDays,
        alarmTopic: this.observability.topic,
        publicBaseUrl,
      },
    );

    const plan = (tier: Tier, throttle: { rateLimit: number; burstLimit: number }) => {
      const usagePlan = this.api.addUsagePlan(`Plan${tier}`, {
        name: `travel-data-api-${tier}`,
        description: `${tier} tier: ${dailyQuotaFor(tier, config)} billed requests per day, counted by the functions; this plan's quota is a ceiling of ${GATEWAY_CEILING_FACTOR} times that on every request`,
        quota: { limit: dailyQuotaFor(tier, config) * GATEWAY_CEILING_FACTOR, period: apigw.Period.DAY },
        throttle,
      });
      usagePlan.addApiStage({ stage: this.api.deploymentStage });
      new CfnOutput(this, `UsagePlan${tier[0]!.toUpperCase()}${tier.slice(1)}`, {
        value: usagePlan.usagePlanId,
      });
      return usagePlan;
    };
    this.usagePlans = {
      free: plan('free', TIER_THROTTLES.free),
      basic: plan('basic', TIER_THROTTLES.basic),
      pro: plan('pro', TIER_THROTTLES.pro),
      enterprise: plan('enterprise', config.enterpriseThrottle),
    };
    new AccountPermissions(this, 'Accounts', {
      functions: accountFunctions,
      table: this.table,
      usagePlans: this.usagePlans,
      config,
    });
    // Without a sender no verification or reset mail goes out, and its link is not logged either (anyone may
    // ask a reset for any address: a link in the log group would hand the account to whoever reads it).
    if (!config.mailFrom)
      Validations.of(this).addWarning(
        'travel-data-api:noMailFrom',
        'No -c mailFrom: verification and password-reset mail is not sent and its links are not logged, so no account can verify its email or reset its password. Deploy with -c mailFrom=<sender on a verified SES identity>.',
      );

    const json = (type: apigw.ResponseType, status: number, body: string) =>
      this.api.addGatewayResponse(`Edge${type.responseType}`, {
        type,
        statusCode: String(status),
        templates: { 'application/json': body },
      });
    json(
      apigw.ResponseType.INVALID_API_KEY,
      AUTH_ERRORS.unauthorized.status,
      // Where keys come from (issue #40), as the functions' own 401 says it: this stage's dashboard.
      globalBody(
        'unauthorized',
        'A valid API key is required in the x-api-key header. Get one at https://$context.domainName/$context.stage/dashboard.',
      ),
    );
    json(
      apigw.ResponseType.QUOTA_EXCEEDED,
      AUTH_ERRORS.rate_limit_exceeded.status,
      globalBody('rate_limit_exceeded', 'Daily request quota exceeded for this API key.'),
    );
    json(
      apigw.ResponseType.THROTTLED,
      AUTH_ERRORS.rate_limit_exceeded.status,
      globalBody('rate_limit_exceeded', 'Too many requests per second for this API key.'),
    );
    json(
      apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN,
      EDGE_REFUSALS.notFound.status,
      globalBody(EDGE_REFUSALS.notFound.code, EDGE_REFUSALS.notFound.message),
    );
    // Its own status: DEFAULT_4XX's 400 would otherwise stand for it (shared/routes/types.ts EDGE_ERRORS).
    json(
      apigw.ResponseType.REQUEST_TOO_LARGE,
      EDGE_REFUSALS.tooLarge.status,
      globalBody(EDGE_REFUSALS.tooLarge.code, EDGE_REFUSALS.tooLarge.message),
    );
    json(
      apigw.ResponseType.DEFAULT_4XX,
      EDGE_REFUSALS.malformed.status,
      globalBody(EDGE_REFUSALS.malformed.code, 'The request was rejected.'),
    );
    json(
      apigw.ResponseType.DEFAULT_5XX,
      STATUS.badGateway,
      globalBody('gateway_error', 'The gateway could not complete the request.'),
    );

    new CfnOutput(this, 'ApiUrl', { value: this.api.url });
    new CfnOutput(this, 'ApiId', { value: this.api.restApiId });
    new CfnOutput(this, 'CountersTable', { value: this.table.tableName });

    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions::AwsSolutions-APIG2',
      reason:
        "Every handler validates its parameters with zod and answers with the contract's documented error bodies, which API Gateway request validation cannot produce.",
    });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions::AwsSolutions-APIG3',
      reason:
        'WAF is a per-deployment choice with its own cost; API keys, usage-plan throttles and the exact daily counter bound abuse.',
    });
    // The methods live in the routes' nested stacks, outside the RestApi construct.
    for (const method of methods) {
      Validations.of(method).acknowledge({
        id: 'AwsSolutions::AwsSolutions-APIG4',
        reason:
          'The contract authenticates with API keys (x-api-key), enforced by API Gateway and re-checked by each keyed function (the MCP and usage endpoints check it themselves, so that only tool calls count and reading the usage counts nothing); health routes, the API reference and the dashboard (signed-in sessions with CSRF tokens) are public by design.',
      });
      Validations.of(method).acknowledge({
        id: 'AwsSolutions::AwsSolutions-COG4',
        reason: "The contract's authentication is API keys, not Cognito user pools.",
      });
    }
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason:
        "API Gateway's account-level CloudWatch role uses the AWS-managed AmazonAPIGatewayPushToCloudWatchLogs policy, the documented way to enable execution logs.",
    });
  }
}

function dailyQuotaFor(tier: Tier, config: StackConfig): number {
  return tier === 'enterprise' ? config.enterpriseDailyQuota : dailyQuota(tier);
}
