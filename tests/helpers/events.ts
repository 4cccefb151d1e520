/** Builders for API Gateway proxy events and Lambda contexts, for middleware unit tests. */
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';

export function apiEvent(
  init: {
    path?: string;
    query?: Record<string, string> | null;
    headers?: Record<string, string>;
    pathParameters?: Record<string, string> | null;
  } = {},
): APIGatewayProxyEvent {
  const path = init.path ?? '/v1/test';
  return {
    resource: path,
    path,
    httpMethod: 'GET',
    headers: init.headers ?? {},
    multiValueHeaders: {},
    queryStringParameters: init.query ?? null,
    multiValueQueryStringParameters: null,
    pathParameters: init.pathParameters ?? null,
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: {
      domainName: 'api.example.test',
      stage: 'prod',
      path: `/prod${path}`,
    } as APIGatewayProxyEvent['requestContext'],
  };
}

export function lambdaContext(): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'test',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-1:000000000000:function:test',
    memoryLimitInMB: '128',
    awsRequestId: 'req-1',
    logGroupName: '/aws/lambda/test',
    logStreamName: 'test',
    getRemainingTimeInMillis: () => 10_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export function parse(body: string | undefined): Record<string, unknown> {
  return JSON.parse(body ?? 'null') as Record<string, unknown>;
}
