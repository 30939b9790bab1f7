// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fakeServer, openScreen, setUpScreenTests, tableRows, until } from '../../../test/screen.tsx';

const plant = (id: number, power: number, systemSizeKw: number | null) => ({
  id,
  name: `Plant ${id}`,
  city: '',
  country: 'DE',
  status: 'normal',
  systemSizeKw,
  power,
  todayYield: 0,
  lifetimeYield: 0,
});

describe('the board (issue 21, item 9)', () => {
  setUpScreenTests();

  it("shows each plant's power as a labelled share of its own installed peak, whoever else produces", async () => {
    fakeServer({
      '/c/v0/plant/overview': () => ({
        total: 3,
        currentPage: 1,
        pageSize: 50,
        plants: [plant(1, 8, 10), plant(2, 2.5, 10), plant(3, 1, null)],
      }),
      '/c/v0/plant/summary': () => ({
        plants: { total: 3, normal: 3, alarm: 0, fault: 0, offline: 0 },
        currentPower: 11.5,
        todayYield: 0,
        lifetimeYield: 0,
        co2Avoided: 0,
      }),
    });
    const { container } = openScreen('data-view', { menus: [] });
    await until(() => tableRows(container).length === 3);
    expect(container.querySelector('thead')?.textContent).toContain('Share of installed peak');
    const shares = tableRows(container).map((row) => row.querySelectorAll('td')[3]?.textContent);
    // 8 kW of 10 kWp is 80 %, 2.5 of 10 is 25 % (not 31 % of the best plant's); no peak on record, no share.
    expect(shares).toEqual(['80 %', '25 %', '—']);
  });
});
