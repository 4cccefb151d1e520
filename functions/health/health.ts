// GET /health: detailed health status and version. No key required.
import { healthBody } from '../../shared/health.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';

export const handler = endpoint({
  route: routes.health,
  run: () => healthBody('Service is running'),
});
