/**
 * The process's DynamoDB client, built the cheapest way the SDK allows: on Lambda the credentials come
 * from the runtime's environment (`fromEnv`, one object read) instead of the default chain, which loads
 * and tries the INI, SSO, process and web-identity providers first; endpoint discovery stays off (DynamoDB
 * needs none, and it adds a DescribeEndpoints call to a cold start where it is turned on by the
 * environment). Locally and against dynalite the default chain stays, so profiles and `AWS_*` work.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * A DynamoDB client for this environment: `fromEnv` credentials on Lambda (`AWS_LAMBDA_FUNCTION_NAME`
 * set), the default chain elsewhere; no endpoint discovery. The region and an `AWS_ENDPOINT_URL_DYNAMODB`
 * come from the environment as usual.
 * @example const client = newDynamoClient(); await client.send(new GetItemCommand({ … }))
 */
export function newDynamoClient(env: NodeJS.ProcessEnv = process.env): DynamoDBClient {
  return new DynamoDBClient({
    endpointDiscoveryEnabled: false,
    ...(env.AWS_LAMBDA_FUNCTION_NAME ? { credentials: fromEnv() } : {}),
  });
}

let shared: DynamoDBClient | undefined;

/**
 * The client every store of this process shares (one connection pool, one credentials cache).
 * @example await sharedDynamoClient().send(command)
 */
export function sharedDynamoClient(): DynamoDBClient {
  shared ??= newDynamoClient();
  return shared;
}
