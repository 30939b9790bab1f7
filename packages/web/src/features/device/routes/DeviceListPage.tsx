import { CloseOutlined, EditOutlined } from '@ant-design/icons';
import {
  Access,
  DEVICE_STATUS_FILTERS,
  DEVICE_TYPES,
  type DeviceStatusFilter,
  type DeviceSummary,
  type DeviceType,
  FIRMWARE_TARGETS,
  languageTag,
  routeByName,
} from '@sunstack/shared';
import { Button, Card, Empty, Flex, Input, Segmented, Select, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeviceList } from '../../../api/listDevices.ts';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { relativeTime, useNow } from '../../../lib/relativeTime.ts';
import { BUILT_APP_ROUTES } from '../../../lib/screens.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { DeviceStatusTag } from '../components/DeviceStatusTag.tsx';
import { KIND_OF_SCREEN, SN_LABEL, VIEW_OF_KIND } from '../components/deviceKinds.ts';
import { firmwareText } from '../components/firmwareText.ts';

const KIND_SCREENS = Object.keys(KIND_OF_SCREEN).filter((name) => name !== 'integrator-device-list');
const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * The devices in scope, all kinds or one (inverters, batteries, meters, EV chargers, heat pumps,
 * EMS, gateways), with the fields of spec section 3. The same screen is the integrator's list of
 * the devices authorised to it. Devices appear when their datalogger reports its inventory.
 * `?plantId=` narrows it to one plant (from the plant's detail).
 */
export default function DeviceListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tab = useTab();
  const kind = KIND_OF_SCREEN[tab.name];
  const plantId = Number(tab.query.plantId) > 0 ? Number(tab.query.plantId) : undefined;
  const menus = useClientStore((state) => state.menus);
  const language = useClientStore((state) => state.language);
  // An integrator sees only what owners authorise to it, whatever the dataloggers report.
  const integrator = useClientStore((state) => state.access) === Access.integrator;
  const now = useNow();
  const paging = usePagedFilters<{ type?: DeviceType; sn?: string; status?: DeviceStatusFilter; plantId?: number }>({
    type: kind,
    plantId,
  });
  const { setFilters } = paging;
  const list = useDeviceList(paging.query);
  useTabBusy(list.isFetching);
  const mayEditPiles = menus.includes('pile-edit');
  // The kind screens this account reaches, as a strip to switch between them (the battery list is hidden in the menu).
  const kindScreens = BUILT_APP_ROUTES.filter((route) => KIND_SCREENS.includes(route.name) && menus.includes(route.name));
  const plantQuery = plantId ? `?plantId=${plantId}` : '';

  // The inverter list shows the four versions of spec section 3 side by side; other kinds list what they report.
  const firmwareColumns: ColumnsType<DeviceSummary> =
    kind === 'inverter'
      ? [
          {
            title: t('device.firmware'),
            children: FIRMWARE_TARGETS.map((target) => ({
              title: t(`device.firmwareTargets.${target}`),
              key: `fw-${target}`,
              render: (_: unknown, device: DeviceSummary) => device.firmware[target] ?? '—',
            })),
          },
        ]
      : [{ title: t('device.firmware'), dataIndex: 'firmware', render: (fw: Record<string, string>) => firmwareText(fw, t) }];

  // The console's device detail, or the integrator's: whichever this account reaches; batteries, meters and EMS open
  // their own view where the account reaches it.
  const detailRoute = ['inverter-detail', 'integrator-inverter-detail'].find((name) => menus.includes(name));
  const detailPath = detailRoute ? routeByName(detailRoute).path : undefined;
  const pathOf = (device: DeviceSummary) => {
    const view = VIEW_OF_KIND[device.type];
    return view && menus.includes(view) ? routeByName(view).path : detailPath;
  };
  const columns: ColumnsType<DeviceSummary> = [
    { title: t('device.statusLabel'), dataIndex: 'status', render: (status: number) => <DeviceStatusTag status={status} /> },
    {
      title: t(kind ? (SN_LABEL[kind] ?? 'device.sn') : 'device.sn'),
      dataIndex: 'sn',
      render: (sn: string, device) => (
        <Flex vertical>
          {pathOf(device) ? (
            <Typography.Link onClick={() => navigate(`${pathOf(device)}?sn=${encodeURIComponent(sn)}`)} style={nowrap}>
              {sn}
            </Typography.Link>
          ) : (
            <Typography.Text copyable={{ text: sn }} style={nowrap}>
              {sn}
            </Typography.Text>
          )}
          {device.name && <Typography.Text type="secondary">{device.name}</Typography.Text>}
        </Flex>
      ),
    },
    ...(kind ? [] : [{ title: t('device.type'), dataIndex: 'type', render: (type: DeviceType) => t(`device.types.${type}`) }]),
    { title: t('device.model'), dataIndex: 'model', render: (model: string) => <span style={nowrap}>{model || '—'}</span> },
    {
      title: t('datalogger.plant'),
      dataIndex: 'plantName',
      render: (name: string, device) =>
        device.plantId && menus.includes('plant-detail') ? (
          <Typography.Link onClick={() => navigate(`/bus/plant/detail?id=${device.plantId}`)}>{name}</Typography.Link>
        ) : (
          name || '—'
        ),
    },
    { title: t('plant.dataloggerSn'), dataIndex: 'dataloggerSn' },
    ...(kind === 'battery' || kind === 'meter'
      ? []
      : [
          {
            title: t('device.ratedPower'),
            dataIndex: 'ratedPowerKw',
            align: 'right' as const,
            render: (kw: number | null) => (kw === null ? '—' : `${formatNumber(kw, 1)} kW`),
          },
        ]),
    ...firmwareColumns,
    {
      title: t('device.lastUpdate'),
      dataIndex: 'lastSeenAt',
      render: (at: number | null) =>
        at === null ? (
          t('device.never')
        ) : (
          <Tooltip title={formatDateTime(at, language)}>{relativeTime(at, now, languageTag(language))}</Tooltip>
        ),
    },
    ...(kind === 'evCharger' && mayEditPiles
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, device: DeviceSummary) => (
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={t('device.editPile', { sn: device.sn })}
                onClick={() => navigate(`/bus/pile/edit?sn=${encodeURIComponent(device.sn)}`)}
              />
            ),
          },
        ]
      : []),
  ];

  const plantName = list.data?.devices[0]?.plantName;
  return (
    <Card title={t(`navBar.${routeByName(tab.name).title}`)} variant="borderless">
      {kindScreens.length > 1 && (
        <div style={{ overflowX: 'auto', marginBottom: 16 }}>
          <Segmented
            value={tab.name}
            onChange={(name) => navigate(`${routeByName(String(name)).path}${plantQuery}`)}
            options={kindScreens.map((route) => ({
              value: route.name,
              label: route.name === 'device' ? t('device.allKinds') : t(`navBar.${route.title}`),
            }))}
          />
        </div>
      )}
      <Flex wrap gap={8} style={{ marginBottom: 16 }} align="center">
        <Input.Search
          allowClear
          placeholder={t('device.searchSn')}
          aria-label={t('device.searchSn')}
          style={{ width: 240 }}
          onSearch={(sn) => setFilters({ sn: sn.trim() || undefined })}
        />
        {!kind && (
          <Select
            allowClear
            placeholder={t('device.type')}
            aria-label={t('device.type')}
            style={{ width: 200 }}
            options={DEVICE_TYPES.map((type) => ({ value: type, label: t(`device.types.${type}`) }))}
            onChange={(type?: DeviceType) => setFilters({ type })}
          />
        )}
        <Select
          allowClear
          placeholder={t('device.statusLabel')}
          aria-label={t('device.statusLabel')}
          style={{ width: 160 }}
          options={DEVICE_STATUS_FILTERS.map((status) => ({ value: status, label: t(`device.status.${status}`) }))}
          onChange={(status?: DeviceStatusFilter) => setFilters({ status })}
        />
        {paging.query.plantId && (
          <Tag
            closable
            closeIcon={<CloseOutlined aria-label={t('device.clearPlantFilter')} />}
            onClose={() => setFilters({ plantId: undefined })}
          >
            {t('device.plantFilter', { name: plantName ?? `#${paging.query.plantId}` })}
          </Tag>
        )}
      </Flex>
      <PagedTable
        rowKey="sn"
        columns={columns}
        rows={list.data?.devices}
        total={list.data?.total}
        paging={paging}
        list={list}
        scroll={{ x: kind === 'inverter' ? 1280 : 1080 }}
        emptyText={<Empty description={t(integrator ? 'device.noneAuthorised' : 'device.noneYet')} />}
      />
    </Card>
  );
}
