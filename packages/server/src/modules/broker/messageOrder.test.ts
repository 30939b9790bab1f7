import type { UplinkKind } from '@sunstack/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMessageOrder } from './messageOrder.ts';

const settle = () => new Promise((resolve) => setImmediate(resolve));

interface Sent {
  sn: string;
  kind: UplinkKind;
  started: boolean;
  finish?: (stored: boolean) => void;
  finished: boolean;
  answer?: boolean;
}

/** Sends `messages` in order; the store holds each until the test finishes it. */
function harness(messages: { sn: string; kind: UplinkKind }[]) {
  const sent: Sent[] = messages.map((m) => ({ ...m, started: false, finished: false }));
  const storeInOrder = createMessageOrder(
    (_sn, topic) =>
      new Promise<boolean>((resolve) => {
        const message = sent[Number(topic)] as Sent;
        message.started = true;
        message.finish = (stored) => {
          message.finished = true;
          message.answer = stored;
          resolve(stored);
        };
      }),
  );
  const results = sent.map((m, i) => storeInOrder(m.sn, m.kind, String(i), Buffer.alloc(0)));
  return { sent, results };
}

describe("a datalogger's messages in order", () => {
  it('runs telemetry side by side, and any other message after everything before it and before everything after it', async () => {
    const message = fc.record({
      sn: fc.constantFrom('A', 'B'),
      kind: fc.constantFrom<UplinkKind>('telemetry', 'telemetry', 'status', 'inventory'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(message, { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
        async (messages, picks) => {
          const { sent, results } = harness(messages);
          await settle();
          for (let step = 0; sent.some((m) => !m.finished); step += 1) {
            for (const [i, m] of sent.entries()) {
              if (!m.started) continue;
              const earlier = sent.slice(0, i).filter((e) => e.sn === m.sn);
              const mustWaitFor = m.kind === 'telemetry' ? earlier.filter((e) => e.kind !== 'telemetry') : earlier;
              expect(mustWaitFor.every((e) => e.finished)).toBe(true);
            }
            // Whatever may start has started: nothing waits for a message that is not before it.
            for (const [i, m] of sent.entries()) {
              if (m.started) continue;
              const earlier = sent.slice(0, i).filter((e) => e.sn === m.sn);
              const waitsFor = m.kind === 'telemetry' ? earlier.filter((e) => e.kind !== 'telemetry') : earlier;
              expect(waitsFor.some((e) => !e.finished)).toBe(true);
            }
            const running = sent.filter((m) => m.started && !m.finished);
            const next = running[(picks[step % picks.length] as number) % running.length] as Sent;
            next.finish?.(step % 3 !== 0);
            await settle();
          }
          expect(await Promise.all(results)).toEqual(sent.map((m) => m.answer));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('answers what the store answered for each message', async () => {
    const { sent, results } = harness([
      { sn: 'A', kind: 'telemetry' },
      { sn: 'A', kind: 'status' },
      { sn: 'A', kind: 'telemetry' },
    ]);
    await settle();
    sent[0]?.finish?.(true);
    await settle();
    sent[1]?.finish?.(false);
    await settle();
    sent[2]?.finish?.(true);
    expect(await Promise.all(results)).toEqual([true, false, true]);
  });
});
