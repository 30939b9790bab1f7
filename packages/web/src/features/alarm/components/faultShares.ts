/** A group of the fault record seen against the fleet: its devices with alarms, and all devices it describes. */
type FleetGroup = { subject: string; devices: number; fleetDevices: number };

/** A group stands out when its share of devices affected is more than this many times its device type's. */
export const STANDS_OUT_FACTOR = 2;

/**
 * Each group's share of devices affected (devices with an alarm of all the fleet's devices of that
 * model or version, in %), and whether it stands out against the average share of its device type
 * among the groups shown (inverters against inverters: batteries or dataloggers fail at other rates).
 */
export function affectedShares<T extends FleetGroup>(groups: T[]): (T & { share: number; standsOut: boolean })[] {
  const bySubject = new Map<string, { devices: number; fleetDevices: number }>();
  for (const group of groups) {
    const sum = bySubject.get(group.subject) ?? { devices: 0, fleetDevices: 0 };
    bySubject.set(group.subject, { devices: sum.devices + group.devices, fleetDevices: sum.fleetDevices + group.fleetDevices });
  }
  const share = (devices: number, fleetDevices: number) => (fleetDevices > 0 ? (100 * devices) / fleetDevices : 0);
  return groups.map((group) => {
    const sum = bySubject.get(group.subject) as { devices: number; fleetDevices: number };
    const own = share(group.devices, group.fleetDevices);
    return { ...group, share: own, standsOut: own > STANDS_OUT_FACTOR * share(sum.devices, sum.fleetDevices) };
  });
}
