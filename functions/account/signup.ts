// POST /account/signup: email and password. The answer is the same, and as fast, whether or not the email is registered
// (a registered address gets a mail saying so instead of a link); a weak password is refused.
import { acceptingJobs, accountEndpoint } from '../../shared/accounts/http.ts';
import { services } from '../../shared/accounts/index.ts';
import { Credentials, Message } from '../../shared/accounts/model.ts';
import { signUp } from '../../shared/accounts/credentials.ts';
import { routes } from '../../shared/routes/index.ts';

export const handler = acceptingJobs(
  accountEndpoint({
    route: routes.accountSignUp,
    session: 'none',
    body: Credentials,
    response: Message,
    status: 202,
    run: async ({ body }, ctx) => ({
      message: await signUp(await services(), body, { base: ctx.base, address: ctx.address }),
    }),
  }),
);
