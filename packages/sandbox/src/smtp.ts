import { SMTPServer } from 'smtp-server';
import { parseMail } from './mime';
import type { Outbox } from './outbox';

export interface SandboxSmtp {
  /** smtp://127.0.0.1:{port}, for the mailer's SMTP_URL */
  url: string;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 1024 * 1024;

/**
 * A local SMTP server on a free loopback port: the real mailer (nodemailer over SMTP) delivers
 * to it, and each message lands in the outbox. No TLS and no authentication: loopback only.
 */
export async function startSandboxSmtp(outbox: Outbox): Promise<SandboxSmtp> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: MAX_MESSAGE_BYTES,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
        const recipients = session.envelope.rcptTo.map((r) => r.address).join(', ');
        outbox.add({ channel: 'email', to: recipients || mail.to, subject: mail.subject, text: mail.text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
