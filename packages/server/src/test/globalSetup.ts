import { prepareTestDatabaseTemplate } from './testDatabase.ts';

/** Vitest's globalSetup of the projects whose tests open databases: the run's migrated template. */
export default function setup(): Promise<() => Promise<void>> {
  return prepareTestDatabaseTemplate();
}
