import { offsetAt } from '@sunstack/shared';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, localTime } from '../time.ts';
import { applyBatteryPower } from './battery.ts';
import { LoadModel } from './load.ts';
import { stringOutput } from './pv.ts';

describe('irradiance and PV', () => {
  it('derates 0.4 %/°C of cell temperature', () => {
    const pv = { series: 10, parallel: 1, moduleWp: 400, azimuth: 180, tilt: 30 };
    const cool = stringOutput(pv, 1000, 0);
    const hot = stringOutput(pv, 1000, 30);
    expect(hot.cellTemperature - cool.cellTemperature).toBeCloseTo(30, 6);
    expect(hot.powerKw / cool.powerKw).toBeCloseTo(1 - 0.004 * 30, 2);
  });
});

describe('battery', () => {
  const spec = { capacityKwh: 10, maxChargeKw: 5, maxDischargeKw: 5, nominalVolt: 51.2 };

  it('stays inside [minSoc, maxSoc] whatever is asked', () => {
    let soc = 50;
    for (let i = 0; i < 200; i++) {
      const request = i % 40 < 20 ? 8 : -8;
      soc = applyBatteryPower(spec, soc, request, 0.25, 20, 90).soc;
      expect(soc).toBeGreaterThanOrEqual(20 - 1e-9);
      expect(soc).toBeLessThanOrEqual(90 + 1e-9);
    }
  });

  it('loses energy both ways and respects its power limits', () => {
    const charged = applyBatteryPower(spec, 50, 8, 1, 10, 100);
    expect(charged.powerKw).toBe(5);
    expect(charged.soc).toBeCloseTo(50 + 5 * 0.975 * 10, 6);
    const discharged = applyBatteryPower(spec, 50, -2, 1, 10, 100);
    expect(discharged.powerKw).toBe(-2);
    expect(discharged.soc).toBeCloseTo(50 - (2 / 0.975) * 10, 6);
  });
});

describe('local time and load profiles across DST', () => {
  const zone = 'Europe/Berlin';

  it('reads the local clock through the spring-forward and fall-back days', () => {
    // 2025-03-30: 02:00 CET jumps to 03:00 CEST (01:00 UTC).
    expect(localTime(Date.UTC(2025, 2, 30, 0, 30), zone).hour).toBeCloseTo(1.5, 6);
    expect(localTime(Date.UTC(2025, 2, 30, 1, 30), zone).hour).toBeCloseTo(3.5, 6);
    expect(offsetAt(zone, Date.UTC(2025, 2, 30, 0, 59))).toBe(HOUR_MS);
    expect(offsetAt(zone, Date.UTC(2025, 2, 30, 1, 0))).toBe(2 * HOUR_MS);
    // 2025-10-26: 03:00 CEST falls back to 02:00 CET (01:00 UTC); 02:30 happens twice.
    expect(localTime(Date.UTC(2025, 9, 26, 0, 30), zone).hour).toBeCloseTo(2.5, 6);
    expect(localTime(Date.UTC(2025, 9, 26, 1, 30), zone).hour).toBeCloseTo(2.5, 6);
    // The local days have 23 and 25 hours.
    const hoursOfLocalDay = (year: number, month: number, day: number) => {
      let count = 0;
      for (let ts = Date.UTC(year, month, day - 1, 12); ts < Date.UTC(year, month, day + 1, 12); ts += HOUR_MS) {
        const local = localTime(ts, zone);
        if (local.dayNumber === Math.floor(Date.UTC(year, month, day) / DAY_MS)) count++;
      }
      return count;
    };
    expect(hoursOfLocalDay(2025, 2, 30)).toBe(23);
    expect(hoursOfLocalDay(2025, 9, 26)).toBe(25);
    // Half-hour zone with DST in the southern hemisphere.
    expect(offsetAt('Australia/Adelaide', Date.UTC(2025, 0, 15))).toBe(10.5 * HOUR_MS);
    expect(offsetAt('Australia/Adelaide', Date.UTC(2025, 6, 15))).toBe(9.5 * HOUR_MS);
  });

  it('keeps the household evening peak at the same local hour, so it moves an hour in UTC', () => {
    const load = new LoadModel({ kind: 'household', annualKwh: 4000 }, 1, 48);
    const peakUtcHour = (day: number) => {
      let best = { hour: 0, kw: 0 };
      for (let minute = 0; minute < 24 * 60; minute += 15) {
        const ts = Date.UTC(2025, 2, day) + minute * 60_000;
        const kw = load.shape({ local: localTime(ts, zone), dark: false, airTemperature: 10 });
        if (kw > best.kw) best = { hour: minute / 60, kw };
      }
      return best.hour;
    };
    // Friday 28 March (CET) and Monday 31 March (CEST): both weekdays, peak at 19:00 local.
    expect(peakUtcHour(28)).toBe(18);
    expect(peakUtcHour(31)).toBe(17);
  });

  it('puts a business load in its opening hours on working days only', () => {
    const load = new LoadModel(
      { kind: 'commercial', annualKwh: 50_000, opens: 7, closes: 18, workdays: [1, 2, 3, 4, 5], baseShare: 0.2 },
      1,
      48,
    );
    const at = (ts: number) => load.shape({ local: localTime(ts, zone), dark: false, airTemperature: 15 });
    const wednesdayNoon = at(Date.UTC(2025, 6, 9, 10));
    const wednesdayNight = at(Date.UTC(2025, 6, 9, 1));
    const sundayNoon = at(Date.UTC(2025, 6, 13, 10));
    expect(wednesdayNoon / wednesdayNight).toBeGreaterThan(3);
    expect(sundayNoon).toBeCloseTo(wednesdayNight, 1);
  });
});
