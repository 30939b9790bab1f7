import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client.ts';

/**
 * Runs `work` in one database transaction, which every repository call inside it joins. With `snapshot`, a read-only
 * one whose statements all see the database as it was when the first began (REPEATABLE READ): reads that must agree
 * with each other while jobs write.
 */
export type Transaction = <T>(work: () => Promise<T>, options?: { snapshot?: boolean }) => Promise<T>;

interface OpenTransaction {
  tx: Db;
  /** False once the transaction ended: work it started and left running goes to the database itself. */
  open: boolean;
}

/**
 * Units of work: a service wraps a change and its audit entry in `transaction`, and both commit
 * together or not at all, without a transaction handed through every repository call.
 * Repositories hold `db`, a stand-in for the database that sends each query to the transaction
 * of the unit of work running in the caller's async context, or to the database outside one.
 * A unit of work inside another joins it.
 */
export function createUnitOfWork(root: Db) {
  const current = new AsyncLocalStorage<OpenTransaction>();
  const handle = () => {
    const store = current.getStore();
    return store?.open ? store.tx : root;
  };
  const db = new Proxy(root, {
    get(_, property) {
      const target = handle();
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

  const transaction: Transaction = (work, options) => {
    if (current.getStore()?.open) return work();
    return root.transaction(
      async (tx) => {
        const store: OpenTransaction = { tx: tx as unknown as Db, open: true };
        try {
          return await current.run(store, work);
        } finally {
          store.open = false;
        }
      },
      options?.snapshot ? { isolationLevel: 'repeatable read', accessMode: 'read only' } : undefined,
    );
  };

  return {
    db,
    transaction,
    /** Whether the caller runs inside a unit of work (the audit log insists on one). */
    inTransaction: () => current.getStore()?.open === true,
  };
}
export type UnitOfWork = ReturnType<typeof createUnitOfWork>;
