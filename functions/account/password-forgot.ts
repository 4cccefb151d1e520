// POST /account/password/forgot: an email. A verified account's owner is mailed a link to set a new password;
// the answer is the same, and as fast, whether or not the email is registered (the mail goes after it).
import { acceptingJobs, accountEndpoint } from '../../shared/accounts/http.ts';
import { services } from '../../shared/accounts/index.ts';
import { EmailBody, Message } from '../../shared/accounts/model.ts';
import { forgotPassword } from '../../shared/accounts/credentials.ts';
import { routes } from '../../shared/routes/index.ts';

export const handler = acceptingJobs(
  accountEndpoint({
    route: routes.accountPasswordForgot,
    session: 'none',
    body: EmailBody,
    response: Message,
    status: 202,
    run: async ({ body }, ctx) => ({
      message: await forgotPassword(await services(), body.email, { base: ctx.base, address: ctx.address }),
    }),
  }),
);
