import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

/** A log line as pino writes it (level 50 is error). */
export interface LogEntry {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

/**
 * Redirects an app's logger (`app.http.log`, whatever level it was built with) into memory from
 * now on, at `level` and above: request loggers are children made per request, which take the
 * stream and level from it. Answers the entries as they come, and the raw lines.
 */
export function captureLog(log: FastifyBaseLogger, level: pino.Level = 'info'): { entries: LogEntry[]; lines: string[] } {
  const lines: string[] = [];
  const entries: LogEntry[] = [];
  const logger = log as unknown as pino.Logger & Record<symbol, unknown>;
  logger[pino.symbols.streamSym] = {
    write(line: string) {
      lines.push(line);
      entries.push(JSON.parse(line) as LogEntry);
    },
  };
  logger.level = level;
  return { entries, lines };
}
