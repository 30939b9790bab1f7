import type { DeviceLogSummary } from '@sunstack/shared';

/** Lines read of a log for its summary at most (a log is at most LOG_MAX_BYTES anyway). */
const MAX_LINES = 100_000;
const ENTRY = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z) (.*)$/;

/**
 * What a log in the simulator's format says (protocol.md leaves the format to the device): `#` header lines,
 * then entries `<ISO time> <text>` where a sample's text is its variables as JSON, and a test log's last line
 * `self-test: pass` or `self-test: raised <codes>`. Undefined for any other format (no summary is shown).
 */
export function summariseLog(text: string): DeviceLogSummary | undefined {
  const lines = text.split('\n', MAX_LINES).filter((line) => line.length > 0);
  if (!lines[0]?.startsWith('# ')) return undefined;
  let entries = 0;
  let from: number | null = null;
  let to: number | null = null;
  const variables = new Set<string>();
  let selfTest: DeviceLogSummary['selfTest'] = null;
  const faults: number[] = [];
  for (const line of lines) {
    if (line.startsWith('self-test: ')) {
      const verdict = line.slice('self-test: '.length);
      selfTest = verdict === 'pass' ? 'pass' : 'fail';
      for (const code of verdict.matchAll(/\d+/g)) faults.push(Number(code[0]));
      continue;
    }
    const entry = ENTRY.exec(line);
    if (!entry) continue;
    const at = Date.parse(entry[1] as string);
    entries += 1;
    from = from === null ? at : Math.min(from, at);
    to = to === null ? at : Math.max(to, at);
    const body = entry[2] as string;
    if (body.startsWith('{')) {
      try {
        for (const name of Object.keys(JSON.parse(body) as object)) if (variables.size < 50) variables.add(name);
      } catch {
        // A text entry that happens to start with a brace.
      }
    }
  }
  return { lines: lines.length, entries, from, to, variables: [...variables].sort(), selfTest, faults };
}
