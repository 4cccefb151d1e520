/**
 * What the account functions may do, one function at a time, and nothing more: each its own DynamoDB
 * actions on the counters table, limited by `dynamodb:LeadingKeys` to the items it works on (sessions,
 * accounts, tokens, throttles, keys, counters); the key functions the API Gateway calls that make and remove
 * an account's key and its usage-plan key (on this API's plans only); the sign-up function `ses:SendEmail` on
 * the configured identity, from the configured sender only; the mailing functions the asynchronous
 * invocation of themselves that runs their mail after the answer.
 */
import { Aws, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { RouteId } from '../../shared/routes/index.ts';
import type { Tier } from '../../shared/store/types.ts';
import type { StackConfig } from '../config.ts';

type Item =
  | 'SESSION'
  | 'ACCOUNT'
  | 'EMAIL'
  | 'VERIFY'
  | 'RESET'
  | 'THROTTLE'
  | 'TIMES'
  | 'KEY'
  | 'COUNT'
  | 'DEVICE'
  | 'WATCH'
  | 'WATCHES';
type Gateway = 'create' | 'remove';

interface Access {
  actions: string[];
  items: Item[];
  gateway?: Gateway[];
  mail?: boolean;
}

/** The signed-in account's keys with their counts: what the key list and the activity page read. */
const SESSION_READS_COUNTS: Access = {
  actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem'],
  items: ['SESSION', 'ACCOUNT', 'COUNT'],
};

/** Per account route: its table actions and items, its API Gateway calls, whether it mails. */
export const ACCOUNT_ACCESS: Partial<Record<RouteId, Access>> = {
  // The key's account, for its totals beside the key's.
  accountUsage: {
    actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem'],
    items: ['KEY', 'COUNT', 'ACCOUNT'],
  },
  accountSession: { actions: ['dynamodb:GetItem'], items: ['SESSION', 'ACCOUNT'] },
  accountSignUp: {
    actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    // TIMES: the sign-ups from the address, in a sliding window.
    items: ['EMAIL', 'ACCOUNT', 'VERIFY', 'TIMES'],
    mail: true,
  },
  accountVerify: {
    actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
    items: ['VERIFY', 'ACCOUNT', 'EMAIL'],
  },
  accountSignIn: {
    actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    // TIMES: the failures per email and address, per address, per email and per device, in a sliding
    // window; DEVICE: the browsers that signed in before, trusted by sign-in.
    items: ['TIMES', 'EMAIL', 'ACCOUNT', 'SESSION', 'DEVICE'],
  },
  accountSignOut: { actions: ['dynamodb:GetItem', 'dynamodb:DeleteItem'], items: ['SESSION', 'ACCOUNT'] },
  accountKeys: SESSION_READS_COUNTS,
  accountActivity: SESSION_READS_COUNTS,
  accountKeyCreate: {
    actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    // THROTTLE: the account's creations of the day, capped.
    items: ['SESSION', 'ACCOUNT', 'KEY', 'THROTTLE'],
    // Removing too: a creation that loses the race for the account's last place takes its gateway key back.
    gateway: ['create', 'remove'],
  },
  accountKeyRevoke: {
    actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
    items: ['SESSION', 'ACCOUNT', 'KEY'],
    gateway: ['remove'],
  },
  accountKeyRotate: {
    // COUNT: the old key's count for the day moves to the new key.
    actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    items: ['SESSION', 'ACCOUNT', 'KEY', 'COUNT'],
    gateway: ['create', 'remove'],
  },
  accountPasswordForgot: {
    actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    items: ['TIMES', 'EMAIL', 'ACCOUNT', 'RESET'],
    mail: true,
  },
  accountPasswordReset: {
    actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
    items: ['RESET', 'ACCOUNT', 'EMAIL'],
  },
  // The dashboard's watches (#38): the account's keys' watch lists and the watches themselves.
  accountWatches: {
    actions: ['dynamodb:GetItem'],
    items: ['SESSION', 'ACCOUNT', 'WATCHES', 'WATCH'],
  },
  accountWatchStatus: {
    actions: ['dynamodb:GetItem', 'dynamodb:PutItem'],
    items: ['SESSION', 'ACCOUNT', 'WATCH'],
  },
  accountWatchDelete: {
    actions: ['dynamodb:GetItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem'],
    items: ['SESSION', 'ACCOUNT', 'WATCH', 'WATCHES'],
  },
  accountDelete: {
    actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
    items: ['SESSION', 'ACCOUNT', 'KEY', 'EMAIL'],
    gateway: ['remove'],
  },
};

/**
 * The environment an account function needs: the table for all of them, the API and stage for the key
 * functions (they find the usage plans by it: the plans' ids would make a cycle, plans → stage → methods →
 * functions), the sender and the public URL (for links) for sign-up.
 * @example accountEnvironment('accountSignUp', { table, api, stage: 'prod', config, publicBaseUrl })
 */
export function accountEnvironment(
  id: RouteId,
  props: {
    table: dynamodb.ITable;
    api: apigw.IRestApi;
    stage: string;
    config: StackConfig;
    publicBaseUrl: string;
  },
): Record<string, string> {
  const access = ACCOUNT_ACCESS[id];
  if (!access) return {};
  return {
    // API_KEYS as on keyed functions: declared so that `sam local` can give the embedded stores their keys.
    COUNTER_TABLE: props.table.tableName,
    API_KEYS: '',
    ...(access.gateway ? { REST_API_ID: props.api.restApiId, API_STAGE: props.stage } : {}),
    ...(access.mail
      ? {
          PUBLIC_BASE_URL: props.publicBaseUrl,
          // Mail and the account's changes run in an asynchronous invocation of the function itself, after
          // the answer (shared/accounts/outbox.ts): the answer takes as long for any email.
          MAIL_QUEUE: 'lambda',
          ...(props.config.mailFrom ? { MAIL_FROM: props.config.mailFrom } : {}),
        }
      : {}),
  };
}

export interface AccountPermissionsProps {
  functions: [RouteId, lambda.Function][];
  table: dynamodb.ITable;
  usagePlans: Record<Tier, apigw.IUsagePlan>;
  config: StackConfig;
}

export class AccountPermissions extends Construct {
  constructor(scope: Construct, id: string, props: AccountPermissionsProps) {
    super(scope, id);
    const apigateway = (path: string) => `arn:${Aws.PARTITION}:apigateway:${Aws.REGION}::${path}`;
    const plans = Object.values(props.usagePlans).map((p) => p.usagePlanId);
    // The plans as cdk-nag names them in its findings (`<LogicalId>`), to acknowledge exactly those.
    const stack = Stack.of(this);
    const planIds = Object.values(props.usagePlans).map(
      (p) => stack.resolve(stack.getLogicalId(p.node.defaultChild as CfnElement)) as string,
    );
    for (const [routeId, fn] of props.functions) {
      const access = ACCOUNT_ACCESS[routeId];
      if (!access) continue;
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: access.actions,
          resources: [props.table.tableArn],
          conditions: {
            'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': access.items.map((item) => `${item}#*`) },
          },
        }),
      );
      if (access.mail && props.config.mailFrom) {
        const identity = props.config.mailIdentity ?? props.config.mailFrom;
        fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['ses:SendEmail'],
            resources: [`arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/${identity}`],
            conditions: { StringEquals: { 'ses:FromAddress': props.config.mailFrom } },
          }),
        );
      }
      if (access.mail)
        // A policy of its own, not the role's default one (the function depends on that one, and this one
        // names the function): the function may queue its own jobs (InvocationType Event), nothing else.
        new iam.Policy(this, `${routeId}Outbox`, {
          roles: [fn.role!],
          statements: [
            new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }),
          ],
        });
      if (!access.gateway) continue;
      // A policy of its own, not the role's default one: the function depends on that one, and this one names
      // the usage plans, which depend (through the stage and its methods) on the function.
      const statements = [
        new iam.PolicyStatement({ actions: ['apigateway:GET'], resources: [apigateway('/usageplans')] }),
      ];
      if (access.gateway.includes('create'))
        statements.push(
          new iam.PolicyStatement({
            actions: ['apigateway:POST'],
            resources: [apigateway('/apikeys'), ...plans.map((p) => apigateway(`/usageplans/${p}/keys`))],
          }),
        );
      if (access.gateway.includes('remove'))
        statements.push(
          new iam.PolicyStatement({
            actions: ['apigateway:DELETE'],
            resources: [apigateway('/apikeys/*'), ...plans.map((p) => apigateway(`/usageplans/${p}/keys/*`))],
          }),
        );
      const policy = new iam.Policy(this, `${routeId}Gateway`, { roles: [fn.role!], statements });
      if (!access.gateway.includes('remove')) continue;
      for (const resource of ['/apikeys/*', ...planIds.map((p) => `/usageplans/<${p}>/keys/*`)])
        Validations.of(policy).acknowledge({
          id: `AwsSolutions::AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:apigateway:<AWS::Region>::${resource}]`,
          reason:
            "An API key's id is assigned by API Gateway when the key is made, so deleting one names /apikeys/* and /usageplans/<plan>/keys/*; the function deletes only ids recorded on the signed-in account's own keys, from this API's usage plans only.",
        });
    }
  }
}
