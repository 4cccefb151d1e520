// A type test, checked by `tsc --noEmit` (npm run typecheck) and never run: a handler raises only the codes
// its route declares in the manifest. Each `@ts-expect-error` fails the typecheck once its line compiles.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes/index.ts';

export const declaredCodesOnly = endpoint({
  route: routes.siteBReviews,
  response: z.object({}),
  run: (_input, ctx) => {
    // The route's own codes, its validation code and the upstream codes every upstream route shares compile.
    void ctx.error('HOTEL_ID_NOT_FOUND', 'declared by the route');
    void ctx.error('INVALID_PARAMETERS', "the route's validation code");
    void ctx.error('UPSTREAM_ERROR', 'shared by every route that goes upstream');
    // @ts-expect-error a code no route declares
    void ctx.error('UNDECLARED', 'declared nowhere');
    // @ts-expect-error a code of another route (chain_a rooms, site_b url-to-id) is no code of this one
    void ctx.error('HOTEL_NOT_FOUND', 'declared by other routes only');
    return {};
  },
});
