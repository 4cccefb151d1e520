// POST /account/keys/{key_id}/revoke: the API refuses the key from then on (deployed, API Gateway at once,
// having deleted it and its usage-plan key).
import { accountEndpoint } from '../../shared/accounts/http.ts';
import { services } from '../../shared/accounts/index.ts';
import { KeyIdPath, RevokedKey } from '../../shared/accounts/model.ts';
import { revokeKey } from '../../shared/accounts/keys.ts';
import { routes } from '../../shared/routes/index.ts';

export const handler = accountEndpoint({
  route: routes.accountKeyRevoke,
  session: 'required',
  path: KeyIdPath,
  response: RevokedKey,
  run: async ({ path, signedIn }) => revokeKey(await services(), signedIn!.account, path.key_id),
});
