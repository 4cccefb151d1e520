// POST /account/verify: the token of the mailed link (the dashboard reads it from the link's fragment, so
// it never reaches a server log), which verifies the account's email once.
import { accountEndpoint } from '../../shared/accounts/http.ts';
import { services } from '../../shared/accounts/index.ts';
import { Message, VerifyBody } from '../../shared/accounts/model.ts';
import { verify } from '../../shared/accounts/credentials.ts';
import { routes } from '../../shared/routes/index.ts';

export const handler = accountEndpoint({
  route: routes.accountVerify,
  session: 'none',
  body: VerifyBody,
  response: Message,
  run: async ({ body }) => {
    await verify(await services(), body.token);
    return { message: 'Your email is verified: sign in.' };
  },
});
