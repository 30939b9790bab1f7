// @vitest-environment happy-dom
import type { PlantFlow } from '@sunstack/shared';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TabContext } from '../../../lib/tabs/tabContext.ts';
import type { Tab } from '../../../lib/tabs/tabRules.ts';
import { mount, setUpScreenTests } from '../../../test/screen.tsx';
import { labelBox, PowerFlow } from './PowerFlow.tsx';

const tab: Tab = {
  id: 'plant-detail',
  name: 'plant-detail',
  title: '',
  path: '/',
  query: { id: '1' },
  params: {},
  isShow: true,
  refreshKey: 0,
};

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

  it('sets every kW label beside its line: the text box never crosses it', () => {
    const diagram = draw({ battery: 1, soc: 50 });
    expect(diagram.lines).toHaveLength(6);
    for (const { ends, label } of diagram.lines) {
      const [a, b] = ends as [{ x: number; y: number }, { x: number; y: number }];
      const text = label.textContent ?? '';
      const { halfWidth, halfHeight } = labelBox(text);
      const x = Number(label.getAttribute('x'));
      const y = Number(label.getAttribute('y'));
      // Which side of the line each corner of the text's box is on: all the same side.
      const side = (px: number, py: number) => Math.sign((b.x - a.x) * (py - a.y) - (b.y - a.y) * (px - a.x));
      const corners = [-1, 1].flatMap((sx) => [-1, 1].map((sy) => side(x + sx * halfWidth, y + sy * halfHeight)));
      expect(new Set(corners).size, `${text} clear of its line`).toBe(1);
    }
  });
});
