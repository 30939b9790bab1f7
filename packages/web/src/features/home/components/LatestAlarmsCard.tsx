import { CheckCircleOutlined } from '@ant-design/icons';
import { type AlarmQueryBody, languageTag, routeByName } from '@sunstack/shared';
import { Card, Flex, Skeleton, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
// The home screen shows a glance of the alarm screen: the same call, name, links and tag (shared, not copied).
import { useAlarmQuery } from '../../../api/queryAlarms.ts';
import { deviceLink } from '../../../components/alarm/alarmLinks.ts';
import { alarmName } from '../../../components/alarm/alarmName.ts';
import { SeverityTag } from '../../../components/alarm/SeverityTag.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { relativeTime, useNow } from '../../../lib/relativeTime.ts';
import { HOME_REFRESH_MS } from '../api/fleetSummary.ts';

/** How many of the newest active alarms the card lists (the call's smallest page is 10). */
export const LATEST_ALARMS_SHOWN = 6;

/** Every active alarm in scope, newest raised first (the server's order), however old: no range. */
const LATEST_BODY: AlarmQueryBody = { view: 'realtime', currentPage: 1, pageSize: 10 };

/**
 * The newest active alarms in the user's scope (issue 4): severity, name, plant, device and how long
 * ago each was raised, the device linked to its screen; "View all" opens the alarm screen.
 */
export function LatestAlarmsCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const menus = useClientStore((state) => state.menus);
  const language = useClientStore((state) => state.language);
  const tag = languageTag(language);
  const now = useNow();
  const latest = useAlarmQuery('realtime', { latest: true }, () => LATEST_BODY, { refreshMs: HOME_REFRESH_MS });
  const data = latest.data;

  return (
    <Card
      title={
        <Flex gap={8} align="baseline" wrap>
          {t('home.latestAlarms.title')}
          {data && data.total > 0 && (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {t('home.latestAlarms.active', { number: data.totalCapped ? `${data.total}+` : data.total })}
            </Typography.Text>
          )}
        </Flex>
      }
      extra={<Typography.Link onClick={() => navigate(routeByName('alarm').path)}>{t('home.latestAlarms.viewAll')}</Typography.Link>}
    >
      {!data ? (
        latest.isError ? (
          <Typography.Text type="danger">{t('home.latestAlarms.failed')}</Typography.Text>
        ) : (
          <Skeleton active />
        )
      ) : data.alarms.length === 0 ? (
        <Flex gap={8} align="center">
          <CheckCircleOutlined style={{ color: token.colorSuccess, fontSize: 18 }} />
          <Typography.Text type="secondary">{t('home.latestAlarms.none')}</Typography.Text>
        </Flex>
      ) : (
        // A plain list: antd's List is deprecated, and its successor (Listy) is a virtual list, too much for six rows.
        <Flex vertical component="ul" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {data.alarms.slice(0, LATEST_ALARMS_SHOWN).map((alarm, index) => {
            const link = deviceLink(alarm, menus);
            return (
              <Flex
                key={alarm.id}
                component="li"
                vertical
                gap={2}
                style={{ paddingBlock: 8, borderTop: index > 0 ? `1px solid ${token.colorSplit}` : undefined }}
              >
                {/* The time beside the name, so plant and SN get the whole second line on a phone. */}
                <Flex gap={8} align="center">
                  <SeverityTag severity={alarm.severity} />
                  <Typography.Text strong style={{ flex: 1, hyphens: 'auto' }}>
                    {alarmName(alarm.code, language, t)}
                  </Typography.Text>
                  <Tooltip title={new Date(alarm.raisedAt).toLocaleString(tag)}>
                    <Typography.Text type="secondary" style={{ flex: 'none' }}>
                      {relativeTime(alarm.raisedAt, now, tag)}
                    </Typography.Text>
                  </Tooltip>
                </Flex>
                <Typography.Text type="secondary">
                  {alarm.plantName && `${alarm.plantName} · `}
                  {link ? <Typography.Link onClick={() => navigate(link)}>{alarm.sn}</Typography.Link> : alarm.sn}
                </Typography.Text>
              </Flex>
            );
          })}
        </Flex>
      )}
    </Card>
  );
}
