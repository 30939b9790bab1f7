/**
 * A new plant's time zone from where it is, so that it is never the browser's by accident (a German
 * plant saved as UTC). The data of both libraries is loaded with the first call, not with the form.
 */

/** The zone at a position (tz-lookup's zone boundaries, about 70 KB); undefined off any zone's land. */
export async function zoneAtPosition(latitude: number, longitude: number): Promise<string | undefined> {
  const { default: tzlookup } = await import('@photostructure/tz-lookup');
  try {
    return tzlookup(latitude, longitude);
  } catch {
    return undefined;
  }
}

/**
 * The zone of a country whose zones all keep the same time, now and in summer (France; Germany,
 * whose Büsingen follows Zurich), the first the library lists; undefined where the time differs
 * within the country (Spain's Canaries, the United States): there only the position tells.
 */
export async function zoneOfCountry(countryCode: string): Promise<string | undefined> {
  const { getTimezonesForCountry } = await import('countries-and-timezones');
  const zones = getTimezonesForCountry(countryCode.toUpperCase()) ?? [];
  const clocks = new Set(zones.map((zone) => `${zone.utcOffset}/${zone.dstOffset}`));
  return clocks.size === 1 ? zones[0]?.name : undefined;
}
