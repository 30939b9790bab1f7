/** The variables of the ingest benchmark's samples: the load generator's and the plain INSERT's rows are the same. */

/**
 * Twenty variables, as a healthy hybrid inverter reports them: the grid's voltage and frequency within the alarm
 * rules' default bounds (shared/src/faults/rules.ts), so a benchmark's fleet measures ingest and rollups, not every
 * inverter raising and clearing grid alarms each minute; the rest random.
 */
export function vars(i: number) {
  const v: Record<string, number> = {
    PVEnergyTotal: 1000 + i * 0.1,
    loadsTotal: 500 + i * 0.05,
    feedinTotal: 300 + i * 0.03,
    RVolt: 220 + Math.round(Math.random() * 200) / 10,
    RFreq: 49.9 + Math.round(Math.random() * 20) / 100,
  };
  for (const name of [
    'pvPower',
    'pv1Volt',
    'pv2Volt',
    'pv1Current',
    'pv2Current',
    'pv1Power',
    'pv2Power',
    'generationPower',
    'feedinPower',
    'gridConsumptionPower',
    'loadsPower',
    'RCurrent',
    'invTemperation',
    'ambientTemperation',
    'runningState',
  ])
    v[name] = Math.round(Math.random() * 1000) / 10;
  return v;
}
