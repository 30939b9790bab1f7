import { languageTag, type PlantFlow, routeByName } from '@sunstack/shared';
import { Card, Col, Empty, Flex, Row, Skeleton, Statistic, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClientStore } from '../../../lib/clientStore.ts';
import { displayValue } from '../../../lib/format.ts';
import { relativeTime, useNow } from '../../../lib/relativeTime.ts';
import { useTab } from '../../../lib/tabs/tabContext.ts';

/** Where on a line, from its node (0) to the node it hangs from (1), its kW label sits. */
const LABEL_AT = 0.45;
/** A kW label's font size, and the room it keeps from its line beyond its own box. */
const LABEL_FONT = 18;
const LABEL_GAP = 4;
/** Below this a line is idle (kW). */
const IDLE_KW = 0.01;

interface Point {
  x: number;
  y: number;
}

interface Node extends Point {
  key: string;
  /** What the node hangs from: the inverter hub, or the load that includes it (EV charger, heat pump). */
  parent: Point;
  /** kW flowing from the node to its parent (negative: from the parent to the node). */
  toParent: number;
}

/**
 * Where a line's kW label (its text's centre) sits: part way along the line, moved off it at right
 * angles (to the upper side) just far enough that the text's box, of `text`'s estimated width, clears
 * the line: a diagonal line needs more room than a flat one for the same text.
 */
export function labelPosition(node: Point, parent: Point, text: string): Point {
  const dx = parent.x - node.x;
  const dy = parent.y - node.y;
  const length = Math.hypot(dx, dy) || 1;
  // The unit normal pointing up the screen.
  const [nx, ny] = dx >= 0 ? [dy / length, -dx / length] : [-dy / length, dx / length];
  const { halfWidth, halfHeight } = labelBox(text);
  const offset = Math.abs(nx) * halfWidth + Math.abs(ny) * halfHeight + LABEL_GAP;
  return { x: node.x + dx * LABEL_AT + nx * offset, y: node.y + dy * LABEL_AT + ny * offset };
}

/** Half the size of a kW label's text box, estimated from its characters (about 0.6 em each in the UI font). */
export function labelBox(text: string) {
  return { halfWidth: (text.length * LABEL_FONT * 0.6) / 2, halfHeight: LABEL_FONT / 2 };
}

/** A node's circle and name; a linked one's name in the link colour. */
function NodeFace({ node, name, linked }: { node: Point; name: string; linked: boolean }) {
  const { token } = theme.useToken();
  return (
    <>
      <circle cx={node.x} cy={node.y} r={42} fill={token.colorBgContainer} stroke={token.colorPrimary} strokeWidth={2} />
      {/* Long names ("Wärmepumpe", "Wechselrichter") a size smaller, so they stay inside the circle. */}
      <text
        x={node.x}
        y={node.y + 5}
        textAnchor="middle"
        fontSize={name.length > 9 ? 12 : 14}
        fill={linked ? token.colorLink : token.colorText}
      >
        {name}
      </text>
    </>
  );
}

/**
 * The live power-flow diagram of a plant: sources and the load around the inverter, arrows by
 * direction, kW on each line. The load is what the plant's meter or inverter measures, EV charger
 * and heat pump included, so those hang from the load, not beside it.
 */
export function PowerFlow({ flow }: { flow: PlantFlow | undefined }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const now = useNow();
  const language = useClientStore((state) => state.language);
  const navigate = useNavigate();
  // The battery node opens the batteries of the plant whose detail (this tab) shows the flow.
  const plantId = Number(useTab().query.id);
  const mayViewBatteries = useClientStore((state) => state.menus.includes('device-battery'));
  const batteriesPath = mayViewBatteries && plantId > 0 ? `${routeByName('device-battery').path}?plantId=${plantId}` : undefined;
  if (!flow) return <Skeleton active />;
  if (flow.ts === null) return <Empty description={t('monitoring.noData')} />;

  const hub = { x: 300, y: 150 };
  const load = { x: 470, y: 260 };
  const nodes: Node[] = [
    { key: 'pv', x: 90, y: 50, parent: hub, toParent: flow.pv },
    { key: 'grid', x: 510, y: 50, parent: hub, toParent: flow.grid },
    { key: 'load', ...load, parent: hub, toParent: -flow.load },
  ];
  if (flow.battery !== null) nodes.push({ key: 'battery', x: 90, y: 250, parent: hub, toParent: -flow.battery });
  if (flow.evCharger !== null) nodes.push({ key: 'evCharger', x: 380, y: 390, parent: load, toParent: -flow.evCharger });
  if (flow.heatPump !== null) nodes.push({ key: 'heatPump', x: 570, y: 390, parent: load, toParent: -flow.heatPump });
  const height = flow.evCharger !== null || flow.heatPump !== null ? 450 : 350;
  const stale = now - flow.ts > 15 * 60_000;

  const today = (counter: string) => displayValue(flow.today[counter] ?? 0);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" wrap gap={8}>
        <Tag color={stale ? 'default' : 'green'}>{stale ? t('monitoring.offline') : t('monitoring.live')}</Tag>
        <span style={{ color: token.colorTextSecondary }}>
          {t('monitoring.updated', { when: relativeTime(flow.ts, now, languageTag(language)) })}
        </span>
      </Flex>
      <svg
        viewBox={`0 0 620 ${height}`}
        role="img"
        aria-label={t('monitoring.powerFlow')}
        style={{ width: '100%', maxHeight: height + 10 }}
      >
        <style>{'@keyframes flow { to { stroke-dashoffset: -20; } } .moving { animation: flow 0.8s linear infinite; }'}</style>
        {/* Lines and their kW first, then the nodes over them: a line from the load starts under its circle. */}
        {nodes.map((node) => {
          const active = Math.abs(node.toParent) >= IDLE_KW && !stale;
          const [from, to] = node.toParent >= 0 ? [node, node.parent] : [node.parent, node];
          const kw = `${displayValue(Math.abs(node.toParent))} kW`;
          const labelAt = labelPosition(node, node.parent, kw);
          return (
            <g key={`${node.key}-line`}>
              <line
                x1={from.x}
                y1={from.y}
                x2={to.x}
                y2={to.y}
                stroke={active ? token.colorPrimary : token.colorBorder}
                strokeWidth={3}
                strokeDasharray={active ? '8 12' : undefined}
                className={active ? 'moving' : undefined}
              />
              <text x={labelAt.x} y={labelAt.y} textAnchor="middle" dominantBaseline="central" fontSize={LABEL_FONT} fill={token.colorText}>
                {kw}
              </text>
            </g>
          );
        })}
        {nodes.map((node) => {
          const link = node.key === 'battery' ? batteriesPath : undefined;
          const name = t(`monitoring.node.${node.key}`);
          return link ? (
            <a
              key={node.key}
              href={link}
              aria-label={t('device.openBatteries')}
              onClick={(event) => {
                event.preventDefault();
                navigate(link);
              }}
            >
              <NodeFace node={node} name={name} linked />
            </a>
          ) : (
            <g key={node.key}>
              <NodeFace node={node} name={name} linked={false} />
            </g>
          );
        })}
        <rect x={hub.x - 66} y={hub.y - 26} width={132} height={52} rx={8} fill={token.colorPrimary} />
        <text x={hub.x} y={hub.y + 5} textAnchor="middle" fontSize={15} fill="#fff">
          {t('monitoring.node.inverter')}
        </text>
        {flow.soc !== null && (
          <text x={90} y={312} textAnchor="middle" fontSize={16} fill={token.colorTextSecondary}>
            {`${t('monitoring.soc')} ${displayValue(flow.soc, 0)} %`}
          </text>
        )}
      </svg>
      <Card size="small" title={t('monitoring.today')}>
        <Row gutter={[16, 8]}>
          {(
            [
              ['PVEnergyTotal', 'yield'],
              ['loadsTotal', 'consumption'],
              ['feedinTotal', 'export'],
              ['gridConsumptionTotal', 'import'],
              ['chargeEnergyTotal', 'charge'],
              ['dischargeEnergyTotal', 'discharge'],
            ] as const
          ).map(([counter, label]) => (
            <Col key={counter} xs={12} sm={8}>
              <Statistic
                title={t(`monitoring.energy.${label}`)}
                value={today(counter)}
                suffix="kWh"
                styles={{ content: { fontSize: 20 } }}
              />
            </Col>
          ))}
        </Row>
      </Card>
    </Flex>
  );
}
