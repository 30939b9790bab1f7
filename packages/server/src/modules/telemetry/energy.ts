/**
 * Values as devices report them and energy as the rollups hold it. Energy comes from cumulative
 * counters (protocol.md): each pair of consecutive samples of a device contributes the counters'
 * increase to the bucket of the later sample, a drop is a reset, and a gap puts its energy where it
 * is observed. The rule lives in SQL (`counter_increase`, migration 0010), where rollups.ts applies it.
 */

/** Variable name → value. */
export type Vars = Record<string, number>;
/** Energy counter name → kWh in a period. */
export type Energy = Record<string, number>;
