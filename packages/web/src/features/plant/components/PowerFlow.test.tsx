// @vitest-environment happy-dom
import type { PlantFlow } from '@sunstack/shared';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TabContext } from '../../../lib/tabs/tabContext.ts';
import type { Tab } from '../../../lib/tabs/tabRules.ts';
import { mount, setUpScreenTests } from '../../../test/screen.tsx';
import { PowerFlow } from './PowerFlow.tsx';

const tab: Tab = { id: 'plant-detail', name: 'plant-detail', title: '', path: '/', query: { id: '1' }, params: {}, isShow: true, refreshKey: 0 };

const flow = (values: Partial<PlantFlow> = {}): PlantFlow => ({
  ts: Date.now(),
  pv: 6,
  load: 5,
  grid: -1,
  battery: null,
  soc: null,
  evCharger: 2,
  heatPump: 1.5,
  today: {},
  ...values,
});

function draw(values?: Partial<PlantFlow>) {
  const { container } = mount(
    <MemoryRouter>
      <TabContext.Provider value={tab}>
        <PowerFlow flow={flow(values)} />
      </TabContext.Provider>
    </MemoryRouter>,
  );
  const svg = container.querySelector('svg') as SVGSVGElement;
  const centre = (name: string) => {
    const label = [...svg.querySelectorAll('text')].find((text) => text.textContent === name);
    return { x: Number(label?.getAttribute('x')), y: Number(label?.getAttribute('y')) - 5 };
  };
  const lines = [...svg.querySelectorAll('line')].map((line) => ({
    ends: [
      { x: Number(line.getAttribute('x1')), y: Number(line.getAttribute('y1')) },
      { x: Number(line.getAttribute('x2')), y: Number(line.getAttribute('y2')) },
    ],
    label: line.nextElementSibling as SVGTextElement,
  }));
  const lineBetween = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    lines.find(({ ends }) => ends.some((end) => end.x === a.x && end.y === a.y) && ends.some((end) => end.x === b.x && end.y === b.y));
  return { svg, centre, lines, lineBetween };
}

describe('the power flow (issue 21, item 9)', () => {
  setUpScreenTests();

  it('hangs the EV charger and the heat pump from the load that includes them, not beside it', () => {
    const diagram = draw();
    const load = diagram.centre('Load');
    const hub = diagram.centre('Inverter');
    expect(diagram.lineBetween(diagram.centre('EV charger'), load)?.label.textContent).toBe('2.00 kW');
    expect(diagram.lineBetween(diagram.centre('Heat pump'), load)?.label.textContent).toBe('1.50 kW');
    expect(diagram.lineBetween(diagram.centre('EV charger'), hub)).toBeUndefined();
    expect(diagram.lineBetween(diagram.centre('Heat pump'), hub)).toBeUndefined();
    // The load line carries everything the plant uses, the two of them included.
    expect(diagram.lineBetween(load, hub)?.label.textContent).toBe('5.00 kW');
  });

  it('sets every kW label beside its line, never on it', () => {
    const diagram = draw({ battery: 1, soc: 50 });
    expect(diagram.lines).toHaveLength(6);
    for (const { ends, label } of diagram.lines) {
      const [a, b] = ends as [{ x: number; y: number }, { x: number; y: number }];
      // The label's centre (text baseline 5 px below it) is at least 10 px from the line through both ends.
      const point = { x: Number(label.getAttribute('x')), y: Number(label.getAttribute('y')) - 5 };
      const distance = Math.abs((b.x - a.x) * (a.y - point.y) - (a.x - point.x) * (b.y - a.y)) / Math.hypot(b.x - a.x, b.y - a.y);
      expect(distance, `${label.textContent} beside its line`).toBeGreaterThanOrEqual(10);
    }
  });
});
