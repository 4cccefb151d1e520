// POST /v1/watches: a watch of a keyed data route, checked at its interval on behalf of the key, calling
// the callback URL by a signed webhook when its condition starts to hold. The signing secret is in this
// answer only.
import * as z from 'zod';
import { routes } from '../../shared/routes/index.ts';
import { watchEndpoint } from '../../shared/watches/http.ts';
import { viewOf, WatchBody, WatchView } from '../../shared/watches/model.ts';
import { createWatch } from '../../shared/watches/service.ts';
import { watchSecret } from '../../shared/watches/signing.ts';
import { watchStore } from '../../shared/watches/store.ts';
import { WATCHED_PARAMS } from '../../shared/watches/queries.ts';

export const NewWatch = z.object({
  success: z.literal(true),
  ...WatchView.shape,
  secret: z.string().meta({
    description:
      'The signing secret (Standard Webhooks, `whsec_…`): verify each delivery with it. Shown in this answer only',
  }),
});

export const handler = watchEndpoint({
  route: routes.watchCreate,
  body: WatchBody,
  response: NewWatch,
  status: 201,
  run: async ({ body, caller }) => {
    const watch = await createWatch(caller, body, {
      store: await watchStore(),
      now: Date.now(),
      schemas: async (id) => WATCHED_PARAMS[id],
    });
    return { success: true as const, ...viewOf(watch), secret: await watchSecret(watch.id) };
  },
});
