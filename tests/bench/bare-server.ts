// Baseline for the middleware-overhead benchmark: node:http answering the same JSON on the same path.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const body = process.env.BARE_BODY ?? '{}';
const server = createServer((req, res) => {
  res.setHeader('Content-Type', 'application/json');
  res.end(body);
});
// PORT=0 (or none): a free port, printed with `ready`.
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () =>
  console.log(`ready on port ${(server.address() as AddressInfo).port}`),
);
