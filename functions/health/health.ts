// GET /health: detailed health status and version. No key required.
import { healthBody } from '../../shared/health.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes/index.ts';
import { Health } from '../../shared/schemas/health.ts';

export const handler = endpoint({
  route: routes.health,
  response: Health,
  run: () => healthBody('Service is running'),
});
