/**
 * The CDK app: `npx cdk synth` / `npx cdk deploy`. cdk-nag's AwsSolutions checks run on every synth.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readConfig } from './config.ts';
import { TravelApiStack } from './stack.ts';

const app = new App();
new TravelApiStack(app, 'TravelDataApi', {
  config: readConfig((key) => app.node.tryGetContext(key)),
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
