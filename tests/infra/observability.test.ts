// The alarms, topic and dashboard construct, on a small stack of its own (no bundling): what it watches,
// where it notifies, and cdk-nag's AwsSolutions checks.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { App, Stack, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import { Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALARM_THRESHOLDS, Observability } from '../../infra/constructs/observability.ts';
import { routes } from '../../shared/routes/index.ts';

type Resource = { Type: string; Properties: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

let resources: Record<string, Resource>;
let outdir: string;
const watched = [
  { id: 'siteAUrlToId', route: routes.siteAUrlToId },
  { id: 'mapsReviews', route: routes.mapsReviews },
];

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'cdk-obs-'));
  const app = new App({ outdir });
  const stack = new Stack(app, 'Obs');
  const api = new apigw.RestApi(stack, 'Api', {
    restApiName: 'travel-data-api',
    deploy: false,
    cloudWatchRole: false,
  });
  const table = new dynamodb.Table(stack, 'Table', {
    partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
  });
  const fns = watched.map(
    ({ id }) =>
      new lambda.Function(stack, `Fn${id}`, {
        runtime: lambda.Runtime.NODEJS_24_X,
        handler: 'index.handler',
        code: lambda.Code.fromInline('exports.handler = async () => ({})'),
        role: new iam.Role(stack, `Role${id}`, {
          assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
        }),
      }),
  );
  watched.forEach(({ route }, i) =>
    api.root.resourceForPath(route.path).addMethod(route.method, new apigw.LambdaIntegration(fns[i]!)),
  );
  new Observability(stack, 'Observability', {
    api,
    stage: 'prod',
    routes: watched.map((w, i) => ({ ...w, fn: fns[i]! })),
    providers: ['site_a', 'maps_reviews'],
    table,
    alarmEmail: 'ops@example.test',
  });
  // The scaffolding around the construct is not under test: only the construct's own findings count.
  const scaffolding = 'test scaffolding around the construct under test, never deployed';
  for (const scope of [...fns, table, api])
    for (const id of ['L1', 'DDB3', 'APIG2', 'APIG3', 'APIG4', 'COG4'])
      Validations.of(scope).acknowledge({ id: `AwsSolutions::AwsSolutions-${id}`, reason: scaffolding });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  app.synth();
  resources = Template.fromStack(stack).toJSON().Resources as Record<string, Resource>;
});

const ofType = (type: string) => Object.values(resources).filter((r) => r.Type === type);
const alarms = () => ofType('AWS::CloudWatch::Alarm').map((a) => a.Properties);
type Stat = { MetricName: string; Namespace: string; Dimensions: { Name: string; Value: unknown }[] };
type AlarmProps = Resource['Properties'];
// A labelled metric is rendered as a metric query: read the metric from either form.
const metricsOf = (a: AlarmProps): Stat[] =>
  a.MetricName
    ? [a as Stat]
    : (a.Metrics as { MetricStat?: { Metric: Stat } }[]).flatMap((m) =>
        m.MetricStat ? [m.MetricStat.Metric] : [],
      );
const named = (name: string) => alarms().filter((a) => metricsOf(a).some((m) => m.MetricName === name));

describe('alarms', () => {
  it('watch every route, every provider and the table, and notify the topic on alarm and on recovery', () => {
    // 5xx rate and throttles per route, extraction failures, error rate and drift per provider, DynamoDB throttles.
    expect(alarms()).toHaveLength(2 * watched.length + 3 * 2 + 1);
    const topic = Object.entries(resources).find(([, r]) => r.Type === 'AWS::SNS::Topic')![0];
    for (const a of alarms()) {
      expect(a.AlarmActions).toEqual([{ Ref: topic }]);
      expect(a.OKActions).toEqual([{ Ref: topic }]);
    }
  });

  it("alarm on a route's 5xx rate from the gateway's per-method metric", () => {
    const fiveXx = named('5XXError');
    expect(fiveXx.map((a) => metricsOf(a)[0]!.Dimensions.find((d) => d.Name === 'Resource')!.Value)).toEqual(
      watched.map((w) => w.route.path),
    );
    for (const a of fiveXx) {
      expect(a.Threshold).toBe(ALARM_THRESHOLDS.serverErrorRate);
      expect(a.Metrics[0].MetricStat.Stat).toBe('Average');
    }
  });

  it('alarm on extraction failures and the upstream error rate of each provider, from the EMF metrics', () => {
    const extraction = named('ExtractionFailures').map((a) => metricsOf(a)[0]!);
    expect(extraction.map((m) => m.Namespace)).toEqual(['TravelDataApi', 'TravelDataApi']);
    expect(extraction.flatMap((m) => m.Dimensions.map((d) => d.Value))).toEqual(
      expect.arrayContaining(['site_a', 'maps_reviews', 'travel-data-api']),
    );
    const rates = alarms().filter((a) => String(a.AlarmDescription).includes('upstream requests failed'));
    expect(rates).toHaveLength(2);
    for (const a of rates) expect(a.Threshold).toBe(ALARM_THRESHOLDS.upstreamErrorRate);
  });

  it("alarm when a provider's drift per answer rises above its usual band: a field suddenly missing", () => {
    const drift = alarms().filter((a) => String(a.AlarmDescription).includes('suddenly lack fields'));
    expect(drift).toHaveLength(2);
    for (const a of drift) {
      expect(a.ComparisonOperator).toBe('GreaterThanUpperThreshold');
      const queries = a.Metrics as { Id: string; Expression?: string; MetricStat?: { Metric: Stat } }[];
      const ratio = queries.find((q) => q.Expression?.includes('/ answers_'))!;
      expect(a.ThresholdMetricId).toBeDefined();
      expect(queries.find((q) => q.Id === a.ThresholdMetricId)!.Expression).toBe(
        `ANOMALY_DETECTION_BAND(${ratio.Id}, ${ALARM_THRESHOLDS.driftBandStdDevs})`,
      );
      expect(queries.flatMap((q) => (q.MetricStat ? [q.MetricStat.Metric.MetricName] : []))).toEqual(
        expect.arrayContaining(['Drift', 'AnswersRead']),
      );
    }
  });

  it("alarm on each route's Lambda throttles, and on DynamoDB throttles", () => {
    const throttles = named('Throttles');
    expect(throttles.map((a) => a.AlarmDescription)).toEqual(
      watched.map((w) => `${w.route.method} ${w.route.path}: Lambda throttled invocations`),
    );
    const fnIds = Object.entries(resources)
      .filter(([, r]) => r.Type === 'AWS::Lambda::Function')
      .map(([id]) => id);
    for (const [a, fn] of throttles.map((t, i) => [t, fnIds[i]] as const))
      expect(metricsOf(a)[0]!.Dimensions).toEqual([{ Name: 'FunctionName', Value: { Ref: fn } }]);
    expect(JSON.stringify(alarms())).toContain('ThrottledRequests');
  });
});

describe('topic and dashboard', () => {
  it('encrypts the topic with a rotating key CloudWatch may use, and mails the configured address', () => {
    const [topic] = ofType('AWS::SNS::Topic');
    expect(topic!.Properties.KmsMasterKeyId).toBeDefined();
    const [key] = ofType('AWS::KMS::Key');
    expect(key!.Properties.EnableKeyRotation).toBe(true);
    expect(JSON.stringify(key!.Properties.KeyPolicy)).toContain('cloudwatch.amazonaws.com');
    expect(ofType('AWS::SNS::Subscription').map((s) => s.Properties)).toEqual([
      expect.objectContaining({ Protocol: 'email', Endpoint: 'ops@example.test' }),
    ]);
  });

  it('has one dashboard with the routes, the providers and the alarms', () => {
    const [dashboard] = ofType('AWS::CloudWatch::Dashboard');
    const body = JSON.stringify(dashboard!.Properties.DashboardBody);
    for (const text of [
      '5xx rate per route',
      'site_a: upstream latency',
      'maps_reviews: cache hit ratio',
      'Drift per answer',
      'SELECT SUM(FieldsMissing) FROM SCHEMA(',
      'SELECT SUM(EntriesSkipped) FROM SCHEMA(',
      'GROUP BY provider, field ORDER BY SUM() DESC LIMIT 20',
      'Alarms',
    ])
      expect(body).toContain(text);
  });

  it("passes cdk-nag's AwsSolutions checks", () => {
    const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { pluginName: string; violations: unknown[] }[];
    };
    expect(report.pluginReports.find((p) => p.pluginName === 'AwsSolutions')!.violations).toEqual([]);
  });
});
