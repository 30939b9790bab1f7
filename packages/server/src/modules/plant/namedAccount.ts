import { Errno } from '@sunstack/shared';
import { type AttemptLimiter, nameLookupLimits } from '../../core/attempts.ts';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { AppError } from '../../http/errors.ts';
import type { PlantRepo } from './repo.ts';

/**
 * Another account that a caller names by user name (a plant's owner, a share, an integrator to
 * authorise): an unknown name, a disabled account and one of another role are all "none". Misses
 * stay counted (nameLookupLimits, 40400 past them), so which names exist cannot be read off the
 * answers in bulk. Call it outside a unit of work: a call that fails must keep its miss counted.
 */
export function createNamedAccountLookup(deps: { plants: Pick<PlantRepo, 'accountId'>; attempts: AttemptLimiter }) {
  const { plants, attempts } = deps;
  return async function namedAccount(session: Session, client: ClientInfo, username: string, ...accesses: number[]) {
    const attempt = await attempts.take(nameLookupLimits(session.accountId, client.ip));
    if (!attempt) throw new AppError(Errno.tooFrequent);
    const id = await plants.accountId(username, ...accesses);
    if (id !== undefined) await attempt.giveBack();
    return id;
  };
}
export type NamedAccountLookup = ReturnType<typeof createNamedAccountLookup>;
