import { FIRMWARE_TARGETS } from '@sunstack/shared';
import type { TFunction } from 'i18next';

/** The parts a device reports firmware for, in the order every screen lists them: the spec's four, then these. */
const TARGET_ORDER: readonly string[] = [...FIRMWARE_TARGETS, 'module', 'battery'];

const rank = (target: string) => {
  const index = TARGET_ORDER.indexOf(target);
  return index < 0 ? TARGET_ORDER.length : index;
};

/**
 * "Master 1.42 · Slave 1.05" in the user's language: known parts in one order and translated, then whatever else a
 * device reports under its own name (issue 21, defect 8).
 */
export function firmwareText(firmware: Record<string, string>, t: TFunction): string {
  const entries = Object.entries(firmware).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  return (
    entries.map(([target, version]) => `${t(`device.firmwareTargets.${target}`, { defaultValue: target })} ${version}`).join(' · ') || '—'
  );
}
