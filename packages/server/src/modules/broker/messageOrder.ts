import type { UplinkKind } from '@sunstack/shared';

/** Stores one message; resolves true once it is durable, false to leave it unacknowledged. */
export type StoreMessage = (sn: string, topic: string, payload: Buffer) => Promise<boolean>;

/** A datalogger's telemetry messages in flight since its last other message, and who waits for them all. */
interface TelemetryInFlight {
  count: number;
  drained: (() => void) | undefined;
}

/**
 * Puts each datalogger's messages in the order the ingest needs them in. Telemetry is stored side
 * by side (samples are kept once per device and time whatever the order, and one after another a
 * datalogger could have only one message in each database batch); any other message (status,
 * inventory, event) waits for everything before it, and everything after waits for it. Both brokers
 * need it: an external one delivers side by side, and Aedes handles the packets of one read side by
 * side. Different dataloggers never wait for each other.
 *
 * Each datalogger's entry stays for the life of the process (only registered dataloggers may
 * publish on the broker, so they are bounded) and telemetry is only counted: a map and sets whose
 * entries came and went with every message made V8 rehash their tables again and again, and a
 * discarded table keeps its entries, so every message's objects outlived two young-generation
 * collections and went to the old generation (about 600 bytes a message, all for full collections).
 */
export function createMessageOrder(store: StoreMessage) {
  const orderOf = new Map<string, { barrier: Promise<boolean> | undefined; telemetry: TelemetryInFlight }>();

  return function storeInOrder(sn: string, kind: UplinkKind, topic: string, payload: Buffer): Promise<boolean> {
    let order = orderOf.get(sn);
    if (!order) {
      order = { barrier: undefined, telemetry: { count: 0, drained: undefined } };
      orderOf.set(sn, order);
    }
    const { barrier, telemetry } = order;
    if (kind === 'telemetry') {
      telemetry.count += 1;
      const stored = barrier ? barrier.then(() => store(sn, topic, payload)) : store(sn, topic, payload);
      return stored.then((done) => {
        telemetry.count -= 1;
        if (telemetry.count === 0) telemetry.drained?.();
        return done;
      });
    }
    // This message waits for the one before it and the telemetry since; telemetry after it waits for it, counted afresh.
    const telemetryStored =
      telemetry.count === 0
        ? undefined
        : new Promise<void>((resolve) => {
            telemetry.drained = resolve;
          });
    order.telemetry = { count: 0, drained: undefined };
    const before = telemetryStored ? Promise.all([barrier, telemetryStored]) : barrier;
    const stored = before ? before.then(() => store(sn, topic, payload)) : store(sn, topic, payload);
    const current = order;
    current.barrier = stored;
    stored.then(() => {
      if (current.barrier === stored) current.barrier = undefined;
    });
    return stored;
  };
}
