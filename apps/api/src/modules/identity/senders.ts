import nodemailer from 'nodemailer';

/** Sends a text message to a Mongolian mobile number (8 digits). */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

/** Sends a plain-text e-mail. */
export interface MailSender {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

export interface SmsGatewayOptions {
  /** the gateway's send endpoint, e.g. https://sms.example.mn/v1/messages */
  url: string;
  token: string;
  /** sender id or short number shown to the recipient */
  sender: string;
  fetch?: typeof fetch;
}

const SEND_TIMEOUT_MS = 5_000;

/**
 * An HTTP SMS gateway: `POST {url}` with `Authorization: Bearer {token}` and the JSON body
 * `{ from, to, text }` (to in E.164, +976...). Any 2xx is success. See docs/accounts.md for
 * fitting a gateway with another API.
 */
export function httpSmsGateway(options: SmsGatewayOptions): SmsSender {
  const doFetch = options.fetch ?? fetch;
  return {
    async send(phone, text) {
      const response = await doFetch(options.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: options.sender, to: `+976${phone}`, text }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://...:465 */
  url: string;
  /** the From address, e.g. "Номсан <no-reply@nomsan.mn>" */
  from: string;
}

/** E-mail through SMTP (nodemailer); one pooled transport per process. */
export function smtpMailer(options: SmtpOptions): MailSender & { close(): void } {
  const transport = nodemailer.createTransport(options.url, { from: options.from });
  return {
    async send(message) {
      await transport.sendMail({ ...message, from: options.from });
    },
    close: () => transport.close(),
  };
}
