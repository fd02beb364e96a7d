/** Sending e-mail: nodemailer over SMTP_URL, or the server log when none is configured. */
import nodemailer from 'nodemailer';
import type { Logger } from '../log.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Without SMTP_URL: the whole message, links included, goes to the log (docs/configuration.md says so). */
export function logMailer(logger: Logger): Mailer {
  return {
    async send(message) {
      logger.info('email_not_sent_no_smtp', { to: message.to, subject: message.subject, text: message.text });
    },
  };
}
