import { languageTag, type PlantFlow, routeByName } from '@sunstack/shared';
import { Card, Col, Empty, Flex, Row, Skeleton, Statistic, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClientStore } from '../../../lib/clientStore.ts';
import { displayValue } from '../../../lib/format.ts';
import { relativeTime, useNow } from '../../../lib/relativeTime.ts';
import { useTab } from '../../../lib/tabs/tabContext.ts';

/** Where on a line, from its node (0) to the hub (1), its kW label sits. */
const LABEL_AT = 0.42;
/** Below this a line is idle (kW). */
const IDLE_KW = 0.01;

interface Node {
  key: string;
  x: number;
  y: number;
  /** kW flowing from the node to the hub (negative: from the hub to the node). */
  toHub: number;
}

/** The live power-flow diagram of a plant: sources and loads around the inverter, arrows by direction, kW on each line. */
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
  const nodes: Node[] = [
    { key: 'pv', x: 90, y: 50, toHub: flow.pv },
    { key: 'grid', x: 510, y: 50, toHub: flow.grid },
    { key: 'load', x: 510, y: 250, toHub: -flow.load },
  ];
  if (flow.battery !== null) nodes.push({ key: 'battery', x: 90, y: 250, toHub: -flow.battery });
  if (flow.evCharger !== null) nodes.push({ key: 'evCharger', x: 220, y: 300, toHub: -flow.evCharger });
  if (flow.heatPump !== null) nodes.push({ key: 'heatPump', x: 380, y: 300, toHub: -flow.heatPump });
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
      <svg viewBox="0 0 600 350" role="img" aria-label={t('monitoring.powerFlow')} style={{ width: '100%', maxHeight: 360 }}>
        <style>{'@keyframes flow { to { stroke-dashoffset: -20; } } .moving { animation: flow 0.8s linear infinite; }'}</style>
        {nodes.map((node) => {
          const active = Math.abs(node.toHub) >= IDLE_KW && !stale;
          const [from, to] = node.toHub >= 0 ? [node, hub] : [hub, node];
          const link = node.key === 'battery' ? batteriesPath : undefined;
          const circle = (
            <circle cx={node.x} cy={node.y} r={42} fill={token.colorBgContainer} stroke={token.colorPrimary} strokeWidth={2} />
          );
          const label = (
            <text x={node.x} y={node.y + 5} textAnchor="middle" fontSize={14} fill={link ? token.colorLink : token.colorText}>
              {t(`monitoring.node.${node.key}`)}
            </text>
          );
          return (
            <g key={node.key}>
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
              {/* The label sits nearer the node than the hub, so labels of neighbouring lines do not meet. */}
              <text
                x={node.x + (hub.x - node.x) * LABEL_AT}
                y={node.y + (hub.y - node.y) * LABEL_AT - 10}
                textAnchor="middle"
                fontSize={18}
                fill={token.colorText}
              >
                {`${displayValue(Math.abs(node.toHub))} kW`}
              </text>
              {link ? (
                <a
                  href={link}
                  aria-label={t('device.openBatteries')}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(link);
                  }}
                >
                  {circle}
                  {label}
                </a>
              ) : (
                <>
                  {circle}
                  {label}
                </>
              )}
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
