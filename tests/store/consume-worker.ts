// Child process for the multi-process counter test: fires CALLS concurrent consumes, prints how many were allowed.
import { DynamoCounterStore } from '../../shared/store/dynamodb.ts';
import { dynamoClient } from '../helpers/dynalite.ts';

const { ENDPOINT = '', TABLE = '', KEY = '', DAY = '', LIMIT = '0', CALLS = '0' } = process.env;
const store = new DynamoCounterStore(dynamoClient(ENDPOINT), TABLE);
const results = await Promise.all(
  Array.from({ length: Number(CALLS) }, () => store.consume(KEY, DAY, Number(LIMIT))),
);
process.stdout.write(String(results.filter((r) => r.allowed).length));
process.exit(0);
