/** The variables of the ingest benchmark's samples: the load generator's and the plain INSERT's rows are the same. */

/** Twenty variables, as a hybrid inverter reports them. */
export function vars(i: number) {
  const v: Record<string, number> = { PVEnergyTotal: 1000 + i * 0.1, loadsTotal: 500 + i * 0.05, feedinTotal: 300 + i * 0.03 };
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
    'RVolt',
    'RCurrent',
    'RFreq',
    'invTemperation',
    'ambientTemperation',
    'runningState',
  ])
    v[name] = Math.round(Math.random() * 1000) / 10;
  return v;
}
