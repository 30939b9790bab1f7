import { variableKind } from '@sunstack/shared';
import type { TFunction } from 'i18next';
import { displayValue } from '../../../lib/format.ts';

/** A variable's name for people: its translated label where protocol.md names it, else the name the device sent. */
export function variableLabel(t: TFunction, name: string): string {
  const kind = variableKind(name);
  if (kind.kind === 'known') return t(`variable.${kind.name}`);
  if (kind.kind === 'pvString') return t(`variable.pvString${kind.quantity}`, { n: kind.string });
  return name;
}

/** The label with its unit, for axes, legends and column headers: "PV power (kW)". */
export function variableHeading(t: TFunction, name: string): string {
  const { unit } = variableKind(name);
  const label = variableLabel(t, name);
  return unit ? `${label} (${unit})` : label;
}

/** A value as the device screens show it: "6.20 kW"; a variable without a unit bare, a whole one (a count, a state) without decimals. */
export function variableValue(name: string, value: unknown): string {
  const { unit } = variableKind(name);
  if (unit) return `${displayValue(value)} ${unit}`;
  return Number.isInteger(value) ? String(value) : displayValue(value);
}
