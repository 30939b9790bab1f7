import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { type MailCapture, startMailCapture } from '../../test/mailCapture.ts';
import { createMailRepo } from './repo.ts';

describe('mail sender', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let capture: MailCapture;
  beforeAll(async () => {
    database = await openTestDatabase();
    capture = await startMailCapture();
  });
  afterAll(async () => {
    await capture.close();
    await database.dispose();
  });

  it('sends mail another process wrote to the outbox at once (NOTIFY), not after its 15 s fallback poll', async () => {
    const app = await buildApp({
      config: loadConfig({ SMTP_URL: `smtp://127.0.0.1:${capture.port}`, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }),
      database,
    });
    const stop = new AbortController();
    const jobs = app.runJobs(stop.signal);
    try {
      // The first passes find nothing; then the sender pauses.
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Written as an API process would, without this process's in-memory wake.
      await createMailRepo(database.db).enqueue({ recipient: 'elsewhere@example.test', subject: 'From elsewhere', body: 'Hello' });
      const mail = await capture.waitFor('elsewhere@example.test', 5_000);
      expect(mail.raw).toContain('From elsewhere');
    } finally {
      stop.abort();
      await jobs;
      await app.http.close();
    }
  });
});
