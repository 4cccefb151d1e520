// POST /account/keys/{key_id}/rotate: a new key of the same name, shown once, in place of the old one,
// which is revoked.
import { accountEndpoint } from '../../shared/accounts/http.ts';
import { services } from '../../shared/accounts/index.ts';
import { KeyIdPath, NewKey } from '../../shared/accounts/model.ts';
import { rotateKey } from '../../shared/accounts/keys.ts';
import { routes } from '../../shared/routes/index.ts';

export const handler = accountEndpoint({
  route: routes.accountKeyRotate,
  session: 'required',
  path: KeyIdPath,
  response: NewKey,
  status: 201,
  run: async ({ path, signedIn }) => rotateKey(await services(), signedIn!.account, path.key_id),
});
