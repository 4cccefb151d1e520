// Child process for the deployment-wide cache test: one "instance" calling a handler CALLS times at once
// with the DynamoDB stores (COUNTER_TABLE, AWS_ENDPOINT_URL_DYNAMODB); prints each answer's X-Cache and Age.
import { handler } from '../../functions/site-a/url-to-id.ts';
import { apiEvent, lambdaContext } from '../helpers/events.ts';

const { KEY = '', CALLS = '1', URL_PARAM = '' } = process.env;
const context = { ...lambdaContext(), getRemainingTimeInMillis: () => 20_000 };
const answers = await Promise.all(
  Array.from({ length: Number(CALLS) }, () =>
    handler(
      apiEvent({
        path: '/v1/site_a/hotel/url-to-id',
        query: { url: URL_PARAM },
        headers: { 'x-api-key': KEY },
      }),
      context,
    ),
  ),
);
process.stdout.write(
  JSON.stringify(
    answers.map((a) => ({
      status: a.statusCode,
      cache: a.headers?.['X-Cache'],
      age: a.headers?.Age,
      body: a.body,
    })),
  ),
);
process.exit(0);
