import type { Language } from '@sunstack/shared';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { FileStore } from '../../core/fileStore.ts';
import { createJobLoop, type Listen, whileListening } from '../../core/jobLoop.ts';
import type { PlatformLog } from '../../core/platformLog.ts';
import type { MailAttachment } from '../../db/schema.ts';
import type { MailRepo } from './repo.ts';
import { type MailTemplate, renderMail } from './templates.ts';

const BATCH = 20;
/** New mail, written by any process, wakes the sender (NOTIFY mail_outbox, migration 0016); polling is the fallback and the clock of retries (30 s at least). */
const POLL_MS = 15_000;
const MAIL_CHANNEL = 'mail_outbox';

/**
 * Mail goes to the durable outbox first; the sender (the `jobs` role) delivers it through SMTP
 * when SMTP_URL is set, otherwise prints it to the log. At least once, retried with back-off.
 */
export function createMailService(deps: {
  mails: MailRepo;
  smtpUrl: string | undefined;
  from: string;
  listen: Listen;
  log: FastifyBaseLogger;
  platformLog: PlatformLog;
  fileStore: FileStore;
}) {
  const { mails, smtpUrl, from, listen, log, platformLog, fileStore } = deps;

  /** The attachments whose bytes are still stored, as streams; one deleted since the mail was written is left out. */
  async function attachmentsOf(list: readonly MailAttachment[]) {
    const present = [];
    for (const file of list) {
      if ((await fileStore.size(file.sha256)) === undefined) continue;
      present.push({ filename: file.name, contentType: file.contentType, content: fileStore.read(file.sha256) });
    }
    return present;
  }
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;

  async function deliverDue() {
    const claimed = await mails.claimDue(BATCH);
    for (const mail of claimed) {
      try {
        if (transport) {
          const attachments = await attachmentsOf(mail.attachments);
          await transport.sendMail({ from, to: mail.recipient, subject: mail.subject, text: mail.body, attachments });
        } else {
          const files = mail.attachments.map((file) => file.name);
          log.info({ to: mail.recipient, subject: mail.subject, files }, `mail (no SMTP_URL, not sent):\n${mail.body}`);
        }
        await mails.markSent(mail.id);
      } catch (error) {
        log.warn({ err: error, mailId: mail.id }, 'mail delivery failed; will retry');
        platformLog.deliveryFailed(
          'mail',
          'mail delivery failed; will retry',
          { mailId: mail.id, ...platformLog.errorDetails(error) },
          false,
        );
        await mails.markFailed(mail.id, mail.attempts, String(error));
      }
    }
    return claimed.length;
  }

  const sender = createJobLoop(async () => (await deliverDue()) === BATCH, {
    idleMs: POLL_MS,
    onError: platformLog.jobFailed('mail sender pass failed'),
  });

  return {
    /** Writes a mail to the outbox; `attachments` are stored files, read when it is sent. */
    async send(
      to: string,
      template: MailTemplate,
      language: Language,
      vars: Record<string, string | number>,
      attachments: MailAttachment[] = [],
    ) {
      await mails.enqueue({ recipient: to, ...renderMail(template, language, vars), attachments });
    },

    deliverDue,

    /** Runs the sender until `signal` aborts; new mail, written by any process, wakes it at once. */
    async runSender(signal: AbortSignal) {
      await whileListening(listen, MAIL_CHANNEL, sender.wake, log, () => sender.run(signal));
      transport?.close();
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
