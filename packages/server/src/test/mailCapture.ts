import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  raw: string;
  /** The raw message with quoted-printable undone, so translated text can be searched. */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export interface MailCapture {
  port: number;
  received: CapturedMail[];
  /** Resolves with the oldest mail to `to` not yet taken by an earlier wait; rejects after `timeoutMs`. */
  waitFor(to: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
export async function startMailCapture(): Promise<MailCapture> {
  const received: CapturedMail[] = [];
  const unclaimed: CapturedMail[] = [];
  const waiters: { to: string; resolve: (mail: CapturedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        for (const rcpt of session.envelope.rcptTo) {
          const mail = { to: rcpt.address.toLowerCase(), raw, text: decodeQuotedPrintable(raw) };
          received.push(mail);
          const waiter = waiters.find((w) => w.to === mail.to);
          if (waiter) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          } else {
            unclaimed.push(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    waitFor(to, timeoutMs = 10_000) {
      const early = unclaimed.find((mail) => mail.to === to.toLowerCase());
      if (early) {
        unclaimed.splice(unclaimed.indexOf(early), 1);
        return Promise.resolve(early);
      }
      return new Promise((resolve, reject) => {
        const waiter = { to: to.toLowerCase(), resolve };
        waiters.push(waiter);
        setTimeout(() => {
          if (waiters.includes(waiter)) reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first six-digit code in a mail (quoted-printable or plain). */
export function codeIn(mail: CapturedMail): string {
  const match = mail.text.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error(`no code in mail:\n${mail.raw}`);
  return match[1];
}
