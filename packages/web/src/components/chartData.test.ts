// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../lib/i18n.ts';
import { setUpScreenTests } from '../test/screen.tsx';
import { alignSeries, axisRange, timeTick, valueTick, xLabel } from './chartData.ts';

// The English strings loaded: the axis labels' case switches languages as the console does.
setUpScreenTests();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (iso: string) => Date.parse(`${iso}Z`);

describe('a chart time axis (the plant wall clock laid out in UTC)', () => {
  it('labels whole steps as times, a day start and day steps as dates, month steps as months', () => {
    expect(timeTick(at('2026-11-26T13:30:00'), HOUR / 2)).toBe('13:30');
    expect(timeTick(at('2026-11-26T00:00:00'), 2 * HOUR)).toBe('11-26');
    expect(timeTick(at('2026-11-26T00:00:00'), DAY)).toBe('11-26');
    expect(timeTick(at('2026-11-01T00:00:00'), 30 * DAY)).toBe('2026-11');
    expect(timeTick(at('2026-01-01T00:00:00'), 365 * DAY)).toBe('2026');
  });

  it('shows the x under the cursor with seconds only when it has them', () => {
    expect(xLabel({ kind: 'time' }, at('2026-11-26T09:05:00'))).toBe('2026-11-26 09:05');
    expect(xLabel({ kind: 'time' }, at('2026-11-26T09:05:07'))).toBe('2026-11-26 09:05:07');
    expect(xLabel({ kind: 'category', labels: ['2026-10', '2026-11'] }, 1)).toBe('2026-11');
    expect(xLabel({ kind: 'value', unit: 'V' }, 480)).toBe('480 V');
  });
});

describe('a chart value axis', () => {
  it('includes 0, rounds out to whole steps, spans 0 to 1 when all is 0, and keeps fixed bounds', () => {
    expect(axisRange({}, 0, 0)).toEqual([0, 1]);
    expect(axisRange({}, 2, 7.3)).toEqual([0, 8]);
    expect(axisRange({}, 0.01, 0.27)).toEqual([0, 0.3]);
    expect(axisRange({}, -5.2, 13.6)).toEqual([-10, 15]);
    expect(axisRange({}, -3, -1)).toEqual([-3, 0]);
    expect(axisRange({ min: 0, max: 100 }, 10, 20)).toEqual([0, 100]);
    expect(axisRange({ min: (lowest) => Math.floor(lowest - 2), max: 100 }, 95.7, 96)).toEqual([93, 100]);
  });
});

describe('series on one x axis', () => {
  it('leaves a hole (undefined) where a series has no x of its own, and keeps its own gaps (null)', () => {
    const { x, values } = alignSeries([
      {
        name: 'measured',
        kind: 'line',
        data: [
          [0, 10],
          [100, 9.9],
          [200, null],
        ],
      },
      {
        name: 'expected',
        kind: 'line',
        data: [
          [0, 10],
          [150, 9.5],
        ],
      },
    ]);
    expect(x).toEqual([0, 100, 150, 200]);
    expect(values).toEqual([
      [10, 9.9, undefined, null],
      [10, undefined, 9.5, undefined],
    ]);
  });

  it('piles stacked bars on each other and leaves other series alone', () => {
    const { values, drawn, bases } = alignSeries([
      {
        name: 'export',
        kind: 'bar',
        stacked: true,
        data: [
          [0, 1],
          [1, 2],
        ],
      },
      {
        name: 'savings',
        kind: 'bar',
        stacked: true,
        data: [
          [0, 3],
          [1, null],
        ],
      },
      {
        name: 'last year',
        kind: 'line',
        data: [
          [0, 5],
          [1, 6],
        ],
      },
    ]);
    expect(drawn).toEqual([
      [1, 2],
      [4, 2],
      [5, 6],
    ]);
    expect(bases.get(0)).toEqual([]);
    expect(bases.get(1)).toEqual([1, 2]);
    // The tooltip reads each series' own value, not the stack's total.
    expect(values[1]).toEqual([3, null]);
  });
});

describe('value axis labels', () => {
  it("take the decimals of the axis's step and the user's decimal mark", async () => {
    expect([0, 0.2, 1.4].map((v) => valueTick(v, 0.2))).toEqual(['0', '0.2', '1.4']);
    expect(valueTick(0.30000000000000004, 0.1)).toBe('0.3');
    expect(valueTick(2.5, 0.25)).toBe('2.5');
    expect(valueTick(1000, 500)).toBe('1000');
    await changeLanguage('de');
    try {
      expect([0, 0.2, 1.4].map((v) => valueTick(v, 0.2))).toEqual(['0', '0,2', '1,4']);
    } finally {
      await changeLanguage('en');
    }
  });
});
