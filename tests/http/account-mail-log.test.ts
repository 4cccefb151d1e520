// A deployment without a mail sender (no `-c mailFrom`): the verification and reset links must never reach
// the log, where whoever reads the log group could take any account with them; locally the link is printed,
// as the README's first steps rely on.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { LOG_MAILER, mailer, redactedAddress } from '../../shared/accounts/mailer.ts';
import { logger } from '../../shared/log.ts';

const RESET_LINK = 'https://api.example.test/prod/dashboard#reset=tok_9f8e7d6c5b4a39281706';
const mail = {
  to: 'marta.quill@example.test',
  subject: 'Reset your password',
  text: `Open ${RESET_LINK} within the hour.`,
  link: RESET_LINK,
};

let lines: unknown[][];
const saved = { ...process.env };
beforeEach(() => {
  process.env.LOG_LEVEL = 'info';
  delete process.env.MAIL_FROM;
  delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  delete process.env.AWS_SAM_LOCAL;
  lines = [];
  for (const level of ['debug', 'info', 'warn', 'error'] as const)
    jest.spyOn(logger(), level).mockImplementation((...args: unknown[]) => {
      lines.push(args);
    });
});
afterEach(() => {
  jest.restoreAllMocks();
  process.env = { ...saved };
});

describe('the log mailer', () => {
  it('deployed, logs that the mail was not sent, to a redacted address, never the link or its token', async () => {
    // Prepare
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'TravelDataApi-FnAccountPasswordForgot';
    // Act
    await mailer().send(mail);
    // Assess
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('tok_9f8e7d6c5b4a39281706');
    expect(logged).not.toContain('marta.quill');
    expect(lines).toEqual([
      [expect.stringContaining('mail not sent'), { to: 'm…@example.test', subject: 'Reset your password' }],
    ]);
  });

  it('locally (sam local too), logs the mail with its link, so a sign-up can be tried with nothing else', async () => {
    // Act
    await LOG_MAILER.send(mail);
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'FnAccountSignUp';
    process.env.AWS_SAM_LOCAL = 'true';
    await LOG_MAILER.send(mail);
    // Assess
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line[1]).toMatchObject({ to: mail.to, link: RESET_LINK });
  });

  it('redacts an address to its first character and its domain', () => {
    expect(redactedAddress('ann@example.test')).toBe('a…@example.test');
    expect(redactedAddress('no-at-sign')).toBe('…');
  });
});
