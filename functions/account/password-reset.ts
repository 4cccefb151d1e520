// POST /account/password/reset: the token of the mailed link and a new password. Sessions opened before
// end; the email is proven by the link, so an unverified account is verified too.
import { accountEndpoint } from '../../shared/accounts/http.ts';
import { services } from '../../shared/accounts/index.ts';
import { Message, ResetBody } from '../../shared/accounts/model.ts';
import { resetPassword } from '../../shared/accounts/credentials.ts';
import { routes } from '../../shared/routes/index.ts';

export const handler = accountEndpoint({
  route: routes.accountPasswordReset,
  session: 'none',
  body: ResetBody,
  response: Message,
  run: async ({ body }) => ({ message: await resetPassword(await services(), body.token, body.password) }),
});
