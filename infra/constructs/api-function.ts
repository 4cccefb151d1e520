/**
 * One Lambda function for one manifest route, with every Lambda default of this project in one
 * place: Node 24 on arm64, minified CommonJS bundle with its source map (infra/bundling.ts), X-Ray tracing,
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

export interface ApiFunctionProps {
  route: Route;
  environment: Record<string, string>;
  logRetentionDays: number;
  /**
   * Secrets Manager names the function's providers need (`<prefix><name>`). The function reads them
   * through the Parameters and Secrets extension and may read nothing else.
   */
  secrets?: { prefix: string; names: string[] };
}

export class ApiFunction extends Construct {
  readonly fn: lambda.Function;
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetentionDays as logs.RetentionDays,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${props.route.method} ${props.route.path}`,
    });
    logGroup.grantWrite(this.role);
    const { handler } = props.route;
    const generated = generatedFor(handler, ROOT);
    const nodeOptions = nodeOptionsFor(props.environment.LOG_LEVEL);

    const secrets = props.secrets?.names.length ? props.secrets : undefined;
    this.fn = new lambda.Function(this, 'Function', {
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
      timeout: FUNCTION_TIMEOUT,
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      role: this.role,
      description: `${props.route.method} ${props.route.path}: ${props.route.summary}`,
      ...(secrets
        ? {
            paramsAndSecrets: lambda.ParamsAndSecretsLayerVersion.fromVersion(
              lambda.ParamsAndSecretsVersions.V1_0_103,
              { cacheSize: 16, logLevel: lambda.ParamsAndSecretsLogLevel.WARN },
            ),
          }
        : {}),
      environment: {
        ...props.environment,
        ...(secrets ? { PROVIDER_SECRETS_PREFIX: secrets.prefix } : {}),
        ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
        ...(assetsFor(handler).length > 0 ? { GAZETTEER_DIR: '/var/task/data' } : {}),
        ...Object.fromEntries(generated.map((file) => [file.variable, `/var/task/${file.path}`])),
      },
    });
    for (const name of secrets?.names ?? [])
      secretsmanager.Secret.fromSecretNameV2(this, `Secret-${name}`, `${secrets!.prefix}${name}`).grantRead(
        this.role,
      );
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM5[Resource::*]',
      reason:
        'Only the X-Ray actions PutTraceSegments and PutTelemetryRecords use Resource *: they support no resource-level permissions.',
    });
  }
}
