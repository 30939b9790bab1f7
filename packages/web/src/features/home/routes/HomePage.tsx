import { Access, languageTag, roleKey } from '@sunstack/shared';
import { Avatar, Card, Col, Descriptions, Flex, List, Row, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserInfo } from '../../../api/userInfo.ts';
import { useClientStore } from '../../../lib/clientStore.ts';
import { relativeTime, useNow } from '../../../lib/relativeTime.ts';
import { BUILT_APP_ROUTES } from '../../../lib/screens.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useFleetSummary } from '../api/fleetSummary.ts';
import { FleetSummaryCard } from '../components/FleetSummaryCard.tsx';
import { LatestAlarmsCard } from '../components/LatestAlarmsCard.tsx';
import { NoPlantYetCard } from '../components/NoPlantYetCard.tsx';

/** The home tab: the fleet and its latest alarms (for roles that reach them), who is signed in, and the screens this role reaches. */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const menus = useClientStore((state) => state.menus);
  const language = useClientStore((state) => state.language);
  const signedInAt = useClientStore((state) => state.signedInAt);
  const endUser = useClientStore((state) => state.access) === Access.endUser;
  const fleet = useFleetSummary({ enabled: menus.includes('plant') });
  const noPlantYet = endUser && fleet.data?.plants.total === 0 && user.data;
  const now = useNow();
  useTabBusy(user.isFetching);
  // Hidden screens need a plant or device to open; the menu lists the rest.
  const screens = BUILT_APP_ROUTES.filter((route) => menus.includes(route.name) && !route.hidden);

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
        {user.data ? t('home.welcome', { name: user.data.name || user.data.user }) : t('navBar.home')}
      </Typography.Title>
      {noPlantYet ? <NoPlantYetCard user={noPlantYet.user} /> : menus.includes('plant') && <FleetSummaryCard />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Flex vertical gap={16}>
            {menus.includes('alarm') && <LatestAlarmsCard />}
            <Card title={t('home.account')}>
              {user.isPending ? (
                <Skeleton active />
              ) : user.data ? (
                <Flex gap={16} align="flex-start">
                  <Avatar size={48} style={{ flex: 'none' }}>
                    {(user.data.name || user.data.user).slice(0, 1).toUpperCase()}
                  </Avatar>
                  <Descriptions
                    column={1}
                    size="small"
                    items={[
                      { key: 'user', label: t('auth.username'), children: user.data.user },
                      { key: 'role', label: t('home.role'), children: <Tag color="blue">{t(roleKey(user.data.access))}</Tag> },
                      { key: 'email', label: t('auth.email'), children: user.data.email },
                      { key: 'country', label: t('auth.country'), children: user.data.countryName || '—' },
                      ...(signedInAt
                        ? [{ key: 'since', label: t('home.signedIn'), children: relativeTime(signedInAt, now, languageTag(language)) }]
                        : []),
                    ]}
                  />
                </Flex>
              ) : null}
            </Card>
          </Flex>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('home.reachable')}>
            <List
              dataSource={screens}
              locale={{ emptyText: t('home.nothingYet') }}
              renderItem={(route) => (
                <List.Item
                  actions={[
                    <Typography.Link key="open" onClick={() => navigate(route.path)}>
                      {t('home.open')}
                    </Typography.Link>,
                  ]}
                >
                  <List.Item.Meta title={t(`navBar.${route.title}`)} description={t(`home.describe.${route.name}`)} />
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
