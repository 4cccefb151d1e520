// GET /v1/watches/{watch_id}: one of the key's watches with its last checks and deliveries, each attempt.
import * as z from 'zod';
import { routes } from '../../shared/routes/index.ts';
import { watchEndpoint } from '../../shared/watches/http.ts';
import { detailOf, WatchDetail, WatchId } from '../../shared/watches/model.ts';
import { ownWatch } from '../../shared/watches/service.ts';
import { watchStore } from '../../shared/watches/store.ts';

export const WatchPath = z.object({ watch_id: WatchId });

export const handler = watchEndpoint({
  route: routes.watchGet,
  path: WatchPath,
  response: z.object({ success: z.literal(true), ...WatchDetail.shape }),
  run: async ({ path, caller }) => ({
    success: true as const,
    ...detailOf(await ownWatch(await watchStore(), caller.keyId, path.watch_id)),
  }),
});
