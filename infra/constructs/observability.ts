/**
 * What tells an operator that something is wrong: CloudWatch alarms on an encrypted SNS topic (with an
 * email subscription when one is configured) and one dashboard. Alarms: per route the 5xx rate and its
 * function's throttles (beside the function, in its nested stack), per provider the extraction failures
 * (the sign a source changed its format), the upstream error rate and drift (fields suddenly missing), and
 * DynamoDB throttles. Provider figures come from the EMF metrics the functions write (shared/metrics.ts).
 */
import { Duration } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE } from '../../shared/metrics.ts';
import type { Route } from '../../shared/routes/index.ts';

export interface ObservedRoute {
  id: string;
  route: Route;
  fn: lambda.IFunction;
  /** Where the route's alarms are made: its function's stack. Default: this construct. */
  scope?: Construct;
}

export interface ObservabilityProps {
  api: apigw.RestApi;
  stage: string;
  routes: ObservedRoute[];
  providers: string[];
  table: dynamodb.ITable;
  /** Where alarm notifications go; none: the topic only. */
  alarmEmail?: string;
}

/** Thresholds, in one place so the README and the tests can quote them. */
export const ALARM_THRESHOLDS = {
  /** Share of a route's requests answered 5xx over 5 minutes, 3 periods of 5. */
  serverErrorRate: 0.05,
  /** Extraction failures of one provider in 15 minutes. */
  extractionFailures: 3,
  /** Share of a provider's upstream requests that failed over 5 minutes (with at least 10 requests). */
  upstreamErrorRate: 0.25,
  /**
   * Width, in standard deviations, of the band a provider's drift per answer (absent optional fields
   * and skipped entries per answer read, 15 minutes) usually stays in; 2 of 3 periods above it alarm.
   */
  driftBandStdDevs: 3,
} as const;

/** Alarms per status widget (CloudWatch's limit is 100), and lines per graph. */
const WIDGET_ITEMS = 100;

export class Observability extends Construct {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    const key = new kms.Key(this, 'AlarmKey', {
      enableKeyRotation: true,
      description: 'Encrypts the alarm topic',
    });
    // CloudWatch publishes alarm notifications to the encrypted topic.
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    this.topic = new sns.Topic(this, 'Alarms', { masterKey: key, enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    const notify = new actions.SnsAction(this.topic);
    const alarm = (name: string, alarmProps: cloudwatch.AlarmProps, scope: Construct = this) => {
      const created = new cloudwatch.Alarm(scope, name, alarmProps);
      created.addAlarmAction(notify);
      created.addOkAction(notify);
      this.alarms.push(created);
      return created;
    };

    const serverErrors: cloudwatch.IMetric[] = [];
    const throttles: cloudwatch.IMetric[] = [];
    for (const { id: routeId, route, fn, scope } of props.routes) {
      const rate = new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName: '5XXError',
        dimensionsMap: {
          ApiName: props.api.restApiName,
          Method: route.method,
          Resource: route.path,
          Stage: props.stage,
        },
        statistic: 'Average',
        period: Duration.minutes(5),
        label: route.path,
      });
      serverErrors.push(rate);
      alarm(
        `ServerErrors-${routeId}`,
        {
          alarmDescription: `${route.method} ${route.path}: more than ${ALARM_THRESHOLDS.serverErrorRate * 100} % of requests answered 5xx`,
          metric: rate,
          threshold: ALARM_THRESHOLDS.serverErrorRate,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 5,
          datapointsToAlarm: 3,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        },
        scope,
      );
      // A function's own throttles alarm names the route at its limit (a function error already shows in the
      // route's 5xx rate); the region-wide figure would also count other applications' functions.
      const throttled = fn.metricThrottles({
        period: Duration.minutes(5),
        statistic: 'Sum',
        label: route.path,
      });
      throttles.push(throttled);
      alarm(
        `Throttles-${routeId}`,
        {
          alarmDescription: `${route.method} ${route.path}: Lambda throttled invocations`,
          metric: throttled,
          threshold: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        },
        scope,
      );
    }

    const byProvider = (name: string, provider: string, statistic = 'Sum', period = Duration.minutes(5)) =>
      new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName: name,
        dimensionsMap: { service: 'travel-data-api', provider },
        statistic,
        period,
        label: provider,
      });
    const providerWidgets: cloudwatch.IWidget[] = [];
    const driftPerAnswer: cloudwatch.IMetric[] = [];
    for (const provider of props.providers) {
      alarm(`ExtractionFailures-${provider}`, {
        alarmDescription: `${provider}: answers no longer have the expected structure (the source changed its format?)`,
        metric: byProvider('ExtractionFailures', provider, 'Sum', Duration.minutes(15)),
        threshold: ALARM_THRESHOLDS.extractionFailures,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      const errorRate = new cloudwatch.MathExpression({
        expression: 'IF(requests >= 10, errors / requests, 0)',
        usingMetrics: {
          errors: byProvider('UpstreamErrors', provider),
          requests: byProvider('UpstreamRequests', provider),
        },
        period: Duration.minutes(5),
        label: `${provider} upstream error rate`,
      });
      alarm(`UpstreamErrorRate-${provider}`, {
        alarmDescription: `${provider}: more than ${ALARM_THRESHOLDS.upstreamErrorRate * 100} % of upstream requests failed`,
        metric: errorRate,
        threshold: ALARM_THRESHOLDS.upstreamErrorRate,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      // A field that suddenly goes missing from every answer lifts the drift per answer above its usual
      // band (shared/extraction/tolerant.ts counts it): the early sign that the source changed.
      const drift = new cloudwatch.MathExpression({
        // Ids unique across providers: the drift graph shows every provider's expression together.
        expression: `IF(answers_${provider} > 0, drift_${provider} / answers_${provider}, 0)`,
        usingMetrics: {
          [`drift_${provider}`]: byProvider('Drift', provider, 'Sum', Duration.minutes(15)),
          [`answers_${provider}`]: byProvider('AnswersRead', provider, 'Sum', Duration.minutes(15)),
        },
        period: Duration.minutes(15),
        label: provider,
      });
      driftPerAnswer.push(drift);
      const driftAlarm = new cloudwatch.AnomalyDetectionAlarm(this, `Drift-${provider}`, {
        alarmDescription: `${provider}: answers suddenly lack fields or list entries they usually carry (the source changed its format?); see the dashboard's missing-fields table`,
        metric: drift,
        stdDevs: ALARM_THRESHOLDS.driftBandStdDevs,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_UPPER_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      driftAlarm.addAlarmAction(notify);
      driftAlarm.addOkAction(notify);
      this.alarms.push(driftAlarm);
      const hitRatio = (level: 'L1' | 'L2', id = level.toLowerCase()) =>
        new cloudwatch.MathExpression({
          expression: `IF(${id}hits + ${id}misses > 0, ${id}hits / (${id}hits + ${id}misses), 0)`,
          usingMetrics: {
            [`${id}hits`]: new cloudwatch.Metric({
              namespace: METRICS_NAMESPACE,
              metricName: 'CacheHits',
              dimensionsMap: { service: 'travel-data-api', provider, level },
              statistic: 'Sum',
            }),
            [`${id}misses`]: new cloudwatch.Metric({
              namespace: METRICS_NAMESPACE,
              metricName: 'CacheMisses',
              dimensionsMap: { service: 'travel-data-api', provider, level },
              statistic: 'Sum',
            }),
          },
          period: Duration.minutes(5),
          label: `${level} hit ratio`,
        });
      providerWidgets.push(
        new cloudwatch.GraphWidget({
          title: `${provider}: upstream latency (p50, p99) and errors`,
          left: [
            byProvider('UpstreamLatency', provider, 'p50'),
            byProvider('UpstreamLatency', provider, 'p99'),
          ],
          right: [byProvider('UpstreamErrors', provider), byProvider('ExtractionFailures', provider)],
          width: 12,
        }),
        new cloudwatch.GraphWidget({
          title: `${provider}: cache hit ratio and error rate`,
          left: [hitRatio('L1'), hitRatio('L2')],
          right: [errorRate],
          width: 12,
        }),
      );
    }

    const dynamoThrottles = props.table.metricThrottledRequestsForOperations({
      operations: [dynamodb.Operation.GET_ITEM, dynamodb.Operation.UPDATE_ITEM],
      period: Duration.minutes(5),
    });
    alarm('DynamoThrottles', {
      alarmDescription: 'DynamoDB throttled requests on the counters table',
      metric: dynamoThrottles,
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: 'travel-data-api',
      defaultInterval: Duration.hours(3),
    });
    // An alarm status widget shows at most 100 alarms; graphs are kept to as many lines, to stay readable.
    const pages = <T>(items: T[]) =>
      Array.from({ length: Math.ceil(items.length / WIDGET_ITEMS) }, (_, i) => ({
        items: items.slice(i * WIDGET_ITEMS, (i + 1) * WIDGET_ITEMS),
        suffix: i === 0 ? '' : ` (${i + 1})`,
      }));
    this.dashboard.addWidgets(
      ...pages(serverErrors).map(
        ({ items, suffix }) =>
          new cloudwatch.GraphWidget({ title: `5xx rate per route${suffix}`, left: items, width: 12 }),
      ),
      ...pages(throttles).map(
        ({ items, suffix }) =>
          new cloudwatch.GraphWidget({
            title: `Throttles: Lambda per route, DynamoDB${suffix}`,
            left: items,
            right: [dynamoThrottles],
            width: 12,
          }),
      ),
      ...providerWidgets,
      new cloudwatch.GraphWidget({
        title: 'Drift per answer (absent optional fields and skipped entries), by provider',
        left: driftPerAnswer,
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Fields going missing and list entries skipped (top 20 by provider and field)',
        left: (['FieldsMissing', 'EntriesSkipped'] as const).map(
          (name) =>
            new cloudwatch.MathExpression({
              expression: `SELECT SUM(${name}) FROM SCHEMA("${METRICS_NAMESPACE}", field, provider, service) GROUP BY provider, field ORDER BY SUM() DESC LIMIT 20`,
              usingMetrics: {},
              period: Duration.minutes(15),
              label: name,
            }),
        ),
        width: 12,
      }),
      ...pages(this.alarms).map(
        ({ items, suffix }) =>
          new cloudwatch.AlarmStatusWidget({ title: `Alarms${suffix}`, alarms: items, width: 24 }),
      ),
    );
  }
}
