/**
 * How the service mails a person. Deployed with a sender (`MAIL_FROM`), through Amazon SES; otherwise
 * (`npm start`, sam local) the mail, link included, goes to the log, so trying a sign-up needs nothing else;
 * deployed without a sender, no mail and no link anywhere (LOG_MAILER).
 */
import { log } from '../log.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The link the mail is about (verification), also kept apart for the log and for tests. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * An address as a deployed log may show it: its first character and its domain (`a…@example.com`), so an
 * operator can tell whose mail failed without the log holding the address.
 * @example redactedAddress('ann@example.com') // 'a…@example.com'
 */
export function redactedAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at <= 0 ? '…' : `${address[0]}…${address.slice(at)}`;
}

/**
 * Without a mail service. Locally (`sam local`, `npm run keys`; `npm start` prints its own) the mail, link
 * included, goes to the log, so trying a sign-up needs nothing else. Deployed (on Lambda), never the link:
 * whoever reads the log group could verify any address or reset any account's password with it; the log
 * says only that a mail was not sent, and to whom, redacted.
 */
export const LOG_MAILER: Mailer = {
  async send(mail) {
    if (process.env.AWS_LAMBDA_FUNCTION_NAME && process.env.AWS_SAM_LOCAL !== 'true') {
      log('warn', 'mail not sent: no MAIL_FROM (deploy with -c mailFrom=…); its link is not logged', {
        to: redactedAddress(mail.to),
        subject: mail.subject,
      });
      return;
    }
    log('info', 'mail (not sent: no MAIL_FROM; the link is here instead)', {
      to: mail.to,
      subject: mail.subject,
      link: mail.link,
    });
  },
};

/**
 * Amazon SES (v2 SendEmail) from `from`; the SDK comes with Lambda's runtime and is loaded on first use.
 * @example await new SesMailer('no-reply@example.com').send({ to, subject, text })
 */
export class SesMailer implements Mailer {
  private readonly from: string;
  private client: Pick<import('@aws-sdk/client-sesv2').SESv2Client, 'send'> | undefined;

  constructor(from: string, client?: Pick<import('@aws-sdk/client-sesv2').SESv2Client, 'send'>) {
    this.from = from;
    this.client = client;
  }

  async send(mail: Mail): Promise<void> {
    const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
    this.client ??= new SESv2Client({});
    await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: this.from,
        Destination: { ToAddresses: [mail.to] },
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
          },
        },
      }),
    );
  }
}

let current: Mailer | undefined;

/** @example await mailer().send({ to, subject, text }) */
export function mailer(): Mailer {
  current ??= process.env.MAIL_FROM ? new SesMailer(process.env.MAIL_FROM) : LOG_MAILER;
  return current;
}

/** Installs the mailer of this process (the local server prints mails; tests keep them). */
export function useMailer(next: Mailer): void {
  current = next;
}
