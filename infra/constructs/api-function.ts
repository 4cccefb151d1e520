/**
 * One Lambda function for one manifest route, with every Lambda default of this project in one
 * place: Node 24 on arm64, minified CommonJS bundle with source maps (infra/bundling.ts), X-Ray tracing,
 * its own log group with retention, and a role that may write only to that log group.
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { resolve } from 'node:path';
import type { Route } from '../../shared/routes/index.ts';
import {
  assetsFor,
  BUNDLE_PACKAGE_JSON,
  generatedFor,
  lambdaBundleOptions,
  NODE_TARGET,
} from '../bundling.ts';

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
  readonly fn: NodejsFunction;
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
    const assets = assetsFor(props.route.handler);
    const generated = generatedFor(props.route.handler, ROOT);

    const secrets = props.secrets?.names.length ? props.secrets : undefined;
    this.fn = new NodejsFunction(this, 'Function', {
      entry: resolve(ROOT, props.route.handler),
      handler: 'handler',
      projectRoot: ROOT,
      depsLockFilePath: resolve(ROOT, 'package-lock.json'),
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
        NODE_OPTIONS: '--enable-source-maps',
        ...(assets.length > 0 ? { GAZETTEER_DIR: '/var/task/data' } : {}),
        ...Object.fromEntries(generated.map((file) => [file.variable, `/var/task/${file.path}`])),
      },
      bundling: {
        format: OutputFormat.CJS,
        target: NODE_TARGET,
        minify: lambdaBundleOptions.minify,
        sourceMap: true,
        mainFields: lambdaBundleOptions.mainFields,
        externalModules: lambdaBundleOptions.external,
        forceDockerBundling: false,
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (_inputDir: string, outputDir: string) => [
            `echo ${JSON.stringify(BUNDLE_PACKAGE_JSON)} > ${JSON.stringify(`${outputDir}/package.json`)}`,
            ...assets.map(
              (asset) =>
                `cp -r ${JSON.stringify(resolve(ROOT, asset))} ${JSON.stringify(`${outputDir}/data`)}`,
            ),
            ...generated.map((file) => file.command(outputDir)),
          ],
        },
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
