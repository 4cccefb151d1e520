// GET /v1/health: version 1 health status. No key required.
import { healthBody } from '../../shared/health.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes/index.ts';
import { Health } from '../../shared/schemas/health.ts';

export const handler = endpoint({
  route: routes.v1Health,
  response: Health,
  run: () => healthBody('API v1 is running'),
});
