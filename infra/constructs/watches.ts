/**
 * Watches on AWS's own engines (issue #38): the table's sparse due-time index, a schedule rule that runs
 * the tick every minute, an SQS queue of checks and one of delivery attempts (each with a dead-letter
 * queue after 3 receives, encrypted, TLS only), their consumers with partial-batch failure, alarms on
 * both dead-letter queues and on the delivery failure rate; and what each function may do on the table,
 * by the items it works on (`dynamodb:LeadingKeys`), and nothing more.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE } from '../../shared/metrics.ts';
import { DUE_INDEX } from '../../shared/watches/dynamo-store.ts';
import { DELIVERY_METRIC } from '../../shared/watches/engine.ts';
import { lambdaWithDefaults, type FunctionSecrets } from './api-function.ts';
import {
  tableStatements,
  WATCH_ENGINE_ACCESS,
  WATCH_ROUTE_ACCESS,
  type TableAccess,
} from './table-access.ts';

/** How long a check or a delivery attempt may run: a route's budget (28 s) and the receiver's 10 s, with room. */
const WORKER_TIMEOUT = Duration.seconds(60);

export interface WatchesProps {
  table: dynamodb.Table;
  /** The functions of the watches resource (`kind: 'watch'` routes) by route id: create, list, read, delete. */
  routeFunctions: [string, lambda.Function][];
  /** The environment every function shares (log level, enterprise quota). */
  environment: Record<string, string>;
  /** The watched routes' providers, as their functions get them (PROVIDERS). */
  providers: Record<string, unknown>;
  secrets: { prefix: string; names: string[] };
  /** The webhook signing key the delivery function derives each watch's secret from. */
  signingKey: secretsmanager.ISecret;
  logRetentionDays: number;
  alarmTopic: sns.ITopic;
  /** The address clients use: a check's refusal (a 401's help link) names it, never a synthetic host. */
  publicBaseUrl: string;
}

export class Watches extends Construct {
  readonly checks: sqs.Queue;
  readonly deliveries: sqs.Queue;
  readonly deadLetters: sqs.Queue[];
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly functions: Record<'tick' | 'check' | 'deliver', lambda.Function>;

  constructor(scope: Construct, id: string, props: WatchesProps) {
    super(scope, id);
    const { table } = props;
    // Declared on the table's CloudFormation resource, not through the L2 table: the L2 would then add
    // `<table>/index/*` to every function's table grant (cdk-nag IAM5), where only the tick reads the index.
    const cfn = table.node.defaultChild as dynamodb.CfnTable;
    cfn.addPropertyOverride('AttributeDefinitions', [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'due_pk', AttributeType: 'S' },
      { AttributeName: 'due_at', AttributeType: 'N' },
    ]);
    cfn.addPropertyOverride('GlobalSecondaryIndexes', [
      {
        IndexName: DUE_INDEX,
        KeySchema: [
          { AttributeName: 'due_pk', KeyType: 'HASH' },
          { AttributeName: 'due_at', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['interval_s'] },
      },
    ]);

    const queue = (name: string) => {
      const dlq = new sqs.Queue(this, `${name}DeadLetters`, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      const main = new sqs.Queue(this, name, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        // At least six times the consumer's timeout, as Lambda's SQS event source asks.
        visibilityTimeout: Duration.seconds(WORKER_TIMEOUT.toSeconds() * 6),
        deadLetterQueue: { queue: dlq, maxReceiveCount: 3 },
      });
      Validations.of(dlq).acknowledge({
        id: 'AwsSolutions::AwsSolutions-SQS3',
        reason:
          'This queue is the dead-letter queue of the watch queue beside it, with an alarm on its depth.',
      });
      return { main, dlq };
    };
    const checks = queue('Checks');
    const deliveries = queue('Deliveries');
    this.checks = checks.main;
    this.deliveries = deliveries.main;
    this.deadLetters = [checks.dlq, deliveries.dlq];

    const base = { ...props.environment, COUNTER_TABLE: table.tableName, API_KEYS: '' };
    const tick = this.fn(
      'Tick',
      'functions/watches/tick.ts',
      props,
      { ...base, CHECK_QUEUE_URL: checks.main.queueUrl, DELIVERY_QUEUE_URL: deliveries.main.queueUrl },
      {},
    );
    const check = this.fn(
      'Check',
      'functions/watches/check.ts',
      props,
      {
        ...base,
        DELIVERY_QUEUE_URL: deliveries.main.queueUrl,
        PROVIDERS: JSON.stringify(props.providers),
        PUBLIC_BASE_URL: props.publicBaseUrl,
      },
      { providers: props.secrets },
    );
    // Only the delivery signs: it derives each watch's secret from the signing key.
    const deliver = this.fn('Deliver', 'functions/watches/deliver.ts', props, base, {
      signingKey: props.signingKey,
    });
    this.functions = { tick, check, deliver };

    new events.Rule(this, 'EveryMinute', {
      description: 'The watches tick: due watches and delivery retries, each claimed once, queued',
      schedule: events.Schedule.rate(Duration.minutes(1)),
      targets: [new targets.LambdaFunction(tick, { retryAttempts: 0 })],
    });
    check.addEventSource(
      new SqsEventSource(checks.main, {
        batchSize: 10,
        reportBatchItemFailures: true,
        // Thousands of due watches spread over this many concurrent checks, not over the sources' limits.
        maxConcurrency: 20,
      }),
    );
    deliver.addEventSource(
      new SqsEventSource(deliveries.main, {
        batchSize: 10,
        reportBatchItemFailures: true,
        maxConcurrency: 20,
      }),
    );
    checks.main.grantSendMessages(tick);
    deliveries.main.grantSendMessages(tick);
    deliveries.main.grantSendMessages(check);

    // The tick reads the due index and claims (one conditional update of a watch's or delivery's due time).
    tick.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [`${table.tableArn}/index/${DUE_INDEX}`],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['DUE#*', 'DDUE#*'] } },
      }),
    );
    // Each worker and each route function: its own actions on its own items (table-access.ts says which).
    const grant = (fn: lambda.Function, access: TableAccess) => {
      for (const statement of tableStatements(table, access)) fn.addToRolePolicy(statement);
    };
    grant(tick, WATCH_ENGINE_ACCESS.tick);
    grant(check, WATCH_ENGINE_ACCESS.check);
    grant(deliver, WATCH_ENGINE_ACCESS.deliver);
    for (const [routeId, fn] of props.routeFunctions) {
      const access = (WATCH_ROUTE_ACCESS as Record<string, TableAccess>)[routeId];
      if (!access) throw new Error(`no table access declared for the watch route ${routeId}`);
      grant(fn, access);
    }

    const notify = new actions.SnsAction(props.alarmTopic);
    const alarm = (name: string, alarmProps: cloudwatch.AlarmProps) => {
      const made = new cloudwatch.Alarm(this, name, alarmProps);
      made.addAlarmAction(notify);
      this.alarms.push(made);
    };
    for (const [name, dlq] of [
      ['Checks', checks.dlq],
      ['Deliveries', deliveries.dlq],
    ] as const)
      alarm(`${name}DeadLettersAlarm`, {
        alarmDescription: `Watch ${name.toLowerCase()} that failed every receive are in their dead-letter queue`,
        metric: dlq.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(5),
          statistic: 'Maximum',
        }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    const attempts = (outcome: string) =>
      new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName: DELIVERY_METRIC,
        dimensionsMap: { service: 'travel-data-api', outcome },
        statistic: 'Sum',
        period: Duration.minutes(15),
      });
    alarm('DeliveryFailureRateAlarm', {
      alarmDescription:
        'Over half the watch delivery attempts of 15 minutes failed (at least 10 attempts): receivers down, or the outbound path broken',
      metric: new cloudwatch.MathExpression({
        expression: 'IF((ok + retry + failed) >= 10, (retry + failed) / (ok + retry + failed), 0)',
        usingMetrics: { ok: attempts('delivered'), retry: attempts('retrying'), failed: attempts('failed') },
        period: Duration.minutes(15),
        label: 'Failed share of delivery attempts',
      }),
      threshold: 0.5,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
  }

  /** One engine function, with the project's Lambda defaults (infra/constructs/api-function.ts). */
  private fn(
    id: string,
    handler: string,
    props: WatchesProps,
    environment: Record<string, string>,
    secrets: FunctionSecrets,
  ): lambda.Function {
    return lambdaWithDefaults(this, id, {
      handler,
      description: `watches: ${handler}`,
      environment,
      logRetentionDays: props.logRetentionDays,
      timeout: WORKER_TIMEOUT,
      secrets,
    }).fn;
  }
}
