// Child process for the cross-process billing test: the local server on the DynamoDB stores at ENDPOINT
// (dynalite), as one more instance of a deployment; prints its URL, serves until SIGTERM.
import { startServer } from '../../infra/local/server.ts';
import { DynamoCounterStore, DynamoKeyStore } from '../../shared/store/dynamodb.ts';
import { useStores } from '../../shared/store/index.ts';
import { dynamoClient } from '../helpers/dynalite.ts';

const { ENDPOINT = '', TABLE = '' } = process.env;
const client = dynamoClient(ENDPOINT);
useStores({ keys: new DynamoKeyStore(client, TABLE), counters: new DynamoCounterStore(client, TABLE) });
const server = await startServer({ port: 0 });
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
process.stdout.write(`${server.url}\n`);
