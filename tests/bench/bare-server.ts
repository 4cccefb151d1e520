// Baseline for the middleware-overhead benchmark: node:http answering the same JSON on the same path.
import { createServer } from 'node:http';

const body = process.env.BARE_BODY ?? '{}';
createServer((req, res) => {
  res.setHeader('Content-Type', 'application/json');
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
