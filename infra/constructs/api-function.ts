/**
 * Every Lambda default of this project in one place (`lambdaWithDefaults`), and one function for one
 * manifest route (`ApiFunction`): Node 24 on arm64, minified CommonJS bundle with its source map (infra/bundling.ts), X-Ray tracing,
 * its own log group with retention, and a role that may write only to that log group.
 */
import { AssetHashType, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { Route } from '../../shared/routes/index.ts';
import { assetsFor, generatedFor, nodeOptionsFor } from '../bundling.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** API Gateway's integration timeout is 29 s; the function gives up just before it. */
export const FUNCTION_TIMEOUT = Duration.seconds(28);

/** Secrets a function reads through the Parameters and Secrets extension, and nothing else. */
export interface FunctionSecrets {
  /** Secrets Manager names its providers need (`<prefix><name>`), read as `PROVIDER_SECRETS_PREFIX`. */
  providers?: { prefix: string; names: string[] };
  /** The webhook signing key (shared/watches/signing.ts), read as `WEBHOOK_SIGNING_SECRET_ID`. */
  signingKey?: secretsmanager.ISecret;
}

export interface LambdaDefaultsProps {
  /** The handler's source, bundled by infra/bundle-function.ts. */
  handler: string;
  /** The function's description; its role's too, unless `roleDescription`. */
  description: string;
  roleDescription?: string;
  environment: Record<string, string>;
  logRetentionDays: number;
  timeout: Duration;
  secrets?: FunctionSecrets;
}

/**
 * A function with this project's Lambda defaults, and its role and log group, as children of `scope`
 * named `${prefix}Logs`, `${prefix}Role` and `${prefix}` (`Function` without a prefix): the one place
 * every function of the stack, a route's or the watches engine's, is made.
 * @example const { fn, role } = lambdaWithDefaults(this, 'Tick', { handler: 'functions/watches/tick.ts', … })
 */
export function lambdaWithDefaults(
  scope: Construct,
  prefix: string,
  props: LambdaDefaultsProps,
): { fn: lambda.Function; role: iam.Role } {
  const logGroup = new logs.LogGroup(scope, `${prefix}Logs`, {
    retention: props.logRetentionDays as logs.RetentionDays,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const role = new iam.Role(scope, `${prefix}Role`, {
    assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    description: props.roleDescription ?? props.description,
  });
  logGroup.grantWrite(role);
  const { handler } = props;
  const generated = generatedFor(handler, ROOT);
  const nodeOptions = nodeOptionsFor(props.environment.LOG_LEVEL);
  const providers = props.secrets?.providers?.names.length ? props.secrets.providers : undefined;
  const signingKey = props.secrets?.signingKey;
  const fn = new lambda.Function(scope, prefix || 'Function', {
    // Bundled by infra/bundle-function.ts, the bench's code path: esbuild's plugins (the function's own
    // manifest entries, stubs for unused library features) need its JS API, which NodejsFunction's
    // command line cannot run. Hashed by the bundle it outputs.
    code: lambda.Code.fromAsset(ROOT, {
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        image: lambda.Runtime.NODEJS_24_X.bundlingImage,
        command: ['node', 'infra/bundle-function.ts', handler, '/asset-output'],
        local: {
          tryBundle(outputDir) {
            execFileSync(
              process.execPath,
              [
                '--disable-warning=ExperimentalWarning',
                resolve(ROOT, 'infra/bundle-function.ts'),
                handler,
                outputDir,
              ],
              { stdio: 'inherit' },
            );
            return true;
          },
        },
      },
    }),
    handler: 'index.handler',
    runtime: lambda.Runtime.NODEJS_24_X,
    architecture: lambda.Architecture.ARM_64,
    memorySize: 1024,
    timeout: props.timeout,
    tracing: lambda.Tracing.ACTIVE,
    logGroup,
    loggingFormat: lambda.LoggingFormat.JSON,
    role,
    description: props.description,
    ...(providers || signingKey
      ? {
          paramsAndSecrets: lambda.ParamsAndSecretsLayerVersion.fromVersion(
            lambda.ParamsAndSecretsVersions.V1_0_103,
            { cacheSize: 16, logLevel: lambda.ParamsAndSecretsLogLevel.WARN },
          ),
        }
      : {}),
    environment: {
      ...props.environment,
      ...(providers ? { PROVIDER_SECRETS_PREFIX: providers.prefix } : {}),
      ...(signingKey ? { WEBHOOK_SIGNING_SECRET_ID: signingKey.secretArn } : {}),
      ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
      ...(assetsFor(handler).length > 0 ? { GAZETTEER_DIR: '/var/task/data' } : {}),
      ...Object.fromEntries(generated.map((file) => [file.variable, `/var/task/${file.path}`])),
    },
  });
  for (const name of providers?.names ?? [])
    secretsmanager.Secret.fromSecretNameV2(
      scope,
      `${prefix}Secret-${name}`,
      `${providers!.prefix}${name}`,
    ).grantRead(role);
  signingKey?.grantRead(role);
  Validations.of(role).acknowledge({
    id: 'AwsSolutions::AwsSolutions-IAM5[Resource::*]',
    reason:
      'Only the X-Ray actions PutTraceSegments and PutTelemetryRecords use Resource *: they support no resource-level permissions.',
  });
  return { fn, role };
}

export interface ApiFunctionProps {
  route: Route;
  environment: Record<string, string>;
  logRetentionDays: number;
  secrets?: FunctionSecrets;
}

/** One Lambda function for one manifest route. */
export class ApiFunction extends Construct {
  readonly fn: lambda.Function;
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const { route } = props;
    ({ fn: this.fn, role: this.role } = lambdaWithDefaults(this, '', {
      handler: route.handler,
      description: `${route.method} ${route.path}: ${route.summary}`,
      roleDescription: `${route.method} ${route.path}`,
      environment: props.environment,
      logRetentionDays: props.logRetentionDays,
      timeout: FUNCTION_TIMEOUT,
      ...(props.secrets ? { secrets: props.secrets } : {}),
    }));
  }
}
