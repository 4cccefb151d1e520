// GET /v1/maps_hotels/health: whether this deployment has maps_hotels configured. No key, not counted,
// no upstream call: a call to the source would spend a search of the account.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { mapsHotels } from '../../shared/providers/maps-hotels/index.ts';
import { routes } from '../../shared/routes/index.ts';

export const MapsHotelsHealthResponse = z.object({
  status: z.literal('healthy'),
  provider: z.literal('maps_hotels'),
});

export const handler = endpoint({
  route: routes.mapsHotelsHealth,
  response: MapsHotelsHealthResponse,
  run: (_input, ctx) => {
    const missing = mapsHotels.missingConfiguration();
    // The addendum's degraded body: status "degraded", provider and the reason, over the Problem fields.
    if (missing) throw ctx.error('SOURCE_NOT_CONFIGURED', missing, { extras: { status: 'degraded' } });
    return { status: 'healthy' as const, provider: 'maps_hotels' as const };
  },
});
