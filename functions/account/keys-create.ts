// POST /account/keys: a named key on the account's tier. The key is in this answer and nowhere else (the
// service keeps its SHA-256); deployed it is also an API Gateway key on the tier's usage plan.
import { accountEndpoint } from '../../shared/accounts/http.ts';
import { services } from '../../shared/accounts/index.ts';
import { KeyBody, NewKey } from '../../shared/accounts/model.ts';
import { createKey } from '../../shared/accounts/keys.ts';
import { routes } from '../../shared/routes/index.ts';

export const handler = accountEndpoint({
  route: routes.accountKeyCreate,
  session: 'required',
  body: KeyBody,
  response: NewKey,
  status: 201,
  run: async ({ body, signedIn }) => createKey(await services(), signedIn!.account, body.name),
});
