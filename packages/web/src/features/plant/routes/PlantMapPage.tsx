import { UnorderedListOutlined } from '@ant-design/icons';
import { type MapBox, PLANT_MAP_MAX_ZOOM, PLANT_STATUSES, type PlantMapBody, type PlantMapCell, type PlantStatus } from '@sunstack/shared';
import { Alert, Button, Card, Flex, List, Modal, Spin, Typography } from 'antd';
import L from 'leaflet';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PlantStatusTag, usePlantStatusColours } from '../../../components/PlantStatusTag.tsx';
import { formatCount } from '../../../lib/format.ts';
import { paginationProps } from '../../../lib/pagination.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePlantMap } from '../api/plantMap.ts';
import { usePlantsAt } from '../api/plantsAt.ts';

const WorldMap = lazy(() => import('../components/WorldMap.tsx'));

const round = (value: number) => Math.round(value * 1e5) / 1e5;
const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));

/** What the map shows now, as the call asks for it (the box within the world, the zoom as a whole number). */
function viewOf(map: L.Map): PlantMapBody {
  const bounds = map.getBounds();
  return {
    zoom: Math.round(map.getZoom()),
    box: {
      south: round(clamp(bounds.getSouth(), 90)),
      west: round(clamp(bounds.getWest(), 180)),
      north: round(clamp(bounds.getNorth(), 90)),
      east: round(clamp(bounds.getEast(), 180)),
    },
  };
}

/** A single plant: a dot in its status colour. A cluster: a ring of its statuses' shares around the count. */
function markerIcon(cell: PlantMapCell, colours: Record<PlantStatus, string>) {
  if (cell.plant) {
    const colour = colours[cell.plant.status];
    return L.divIcon({
      className: 'plant-map-plant',
      html: `<span style="display:block;width:18px;height:18px;border-radius:50%;background:${colour};border:3px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.35)"></span>`,
      iconSize: [18, 18],
    });
  }
  let from = 0;
  const stops = PLANT_STATUSES.filter((status) => cell.statuses[status] > 0).map((status) => {
    const to = from + (cell.statuses[status] / cell.count) * 100;
    const stop = `${colours[status]} ${from}% ${to}%`;
    from = to;
    return stop;
  });
  const size = Math.round(32 + Math.min(24, Math.log10(cell.count) * 8));
  return L.divIcon({
    className: 'plant-map-cluster',
    html:
      `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:50%;` +
      `background:conic-gradient(${stops.join(',')});box-shadow:0 1px 4px rgba(0,0,0,.35)">` +
      `<span style="display:flex;align-items:center;justify-content:center;width:${size - 12}px;height:${size - 12}px;border-radius:50%;` +
      `background:#fff;font:600 12px/1 system-ui,sans-serif;color:#1f1f1f">${formatCount(cell.count)}</span></span>`,
    iconSize: [size, size],
  });
}

/**
 * The plant map (spec section 2, /bus/plant/gaudeMap): every plant in scope, clustered by the
 * server for the visible box and zoom, coloured by status. A plant opens its detail; a cluster
 * zooms in, or lists its plants when they share one spot.
 */
export default function PlantMapPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const colours = usePlantStatusColours();
  const [map, setMap] = useState<L.Map>();
  const [view, setView] = useState<PlantMapBody>();
  const clusters = usePlantMap(view);
  const [spot, setSpot] = useState<MapBox>();
  const fitted = useRef(false);
  useTabBusy(clusters.isFetching);

  useEffect(() => {
    if (!map) return;
    const update = () => setView(viewOf(map));
    update();
    map.on('moveend', update);
    return () => {
      map.off('moveend', update);
    };
  }, [map]);

  const cells = clusters.data?.cells;
  // The first answer frames the plants in scope (a branch's plants may all sit in one country).
  useEffect(() => {
    if (!map || !cells || fitted.current) return;
    fitted.current = true;
    if (cells.length === 0) return;
    const bounds = L.latLngBounds(cells.map((cell) => [cell.bounds.south, cell.bounds.west] as [number, number]));
    for (const cell of cells) bounds.extend([cell.bounds.north, cell.bounds.east]);
    map.fitBounds(bounds, { padding: [48, 48], maxZoom: 10 });
  }, [map, cells]);

  useEffect(() => {
    if (!map || !cells) return;
    const layer = L.layerGroup().addTo(map);
    for (const cell of cells) {
      const title = cell.plant ? cell.plant.name : t('plantMap.clusterTitle', { number: formatCount(cell.count) });
      const marker = L.marker([cell.latitude, cell.longitude], { icon: markerIcon(cell, colours), title, alt: title, riseOnHover: true });
      marker.on('click', () => {
        if (cell.plant) {
          navigate(`/bus/plant/detail?id=${cell.plant.id}`);
          return;
        }
        const { south, west, north, east } = cell.bounds;
        const oneSpot = south === north && west === east;
        if (oneSpot || map.getZoom() >= PLANT_MAP_MAX_ZOOM) setSpot(cell.bounds);
        else
          map.fitBounds(
            [
              [south, west],
              [north, east],
            ],
            { padding: [48, 48], maxZoom: PLANT_MAP_MAX_ZOOM },
          );
      });
      marker.addTo(layer);
      marker.getElement()?.setAttribute('aria-label', title);
    }
    return () => {
      layer.remove();
    };
  }, [map, cells, colours, navigate, t]);

  const totals = useMemo(() => {
    const sums = Object.fromEntries(PLANT_STATUSES.map((status) => [status, 0])) as Record<PlantStatus, number>;
    for (const cell of cells ?? []) for (const status of PLANT_STATUSES) sums[status] += cell.statuses[status];
    return sums;
  }, [cells]);

  return (
    <Card
      title={t('navBar.plantMap')}
      variant="borderless"
      extra={
        <Button icon={<UnorderedListOutlined />} onClick={() => navigate('/bus/plant')}>
          {t('navBar.plantList')}
        </Button>
      }
    >
      <Suspense fallback={<Spin style={{ display: 'block', margin: '120px auto' }} />}>
        <WorldMap onReady={setMap} label={t('plantMap.mapLabel')} style={{ height: 'max(360px, calc(100vh - 330px))' }} />
      </Suspense>
      <Flex wrap gap={16} align="center" style={{ marginTop: 12 }} aria-live="polite">
        <Typography.Text strong>{t('plantMap.inView', { number: formatCount(clusters.data?.total ?? 0) })}</Typography.Text>
        {PLANT_STATUSES.map((status) => (
          <Flex key={status} gap={6} align="center">
            <span style={{ width: 12, height: 12, borderRadius: '50%', background: colours[status], display: 'inline-block' }} />
            <Typography.Text>
              {t(`plant.status.${status}`)} {formatCount(totals[status])}
            </Typography.Text>
          </Flex>
        ))}
        {clusters.isFetching && <Spin size="small" />}
      </Flex>
      {(clusters.data?.unlocated ?? 0) > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 12 }}
          title={t('plantMap.unlocated', { number: formatCount(clusters.data?.unlocated ?? 0) })}
        />
      )}
      {clusters.data && clusters.data.total === 0 && (clusters.data.unlocated ?? 0) === 0 && (
        <Alert type="info" showIcon style={{ marginTop: 12 }} title={t('plantMap.noneHere')} />
      )}
      <PlantsAtSpot box={spot} onClose={() => setSpot(undefined)} onOpen={(id) => navigate(`/bus/plant/detail?id=${id}`)} />
    </Card>
  );
}

/** The plants of a cluster whose plants share one spot (no zoom separates them), a page at a time. */
function PlantsAtSpot({ box, onClose, onOpen }: { box: MapBox | undefined; onClose: () => void; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const plants = usePlantsAt(box, page);
  useEffect(() => {
    if (box) setPage((current) => ({ ...current, currentPage: 1 }));
  }, [box]);
  return (
    <Modal open={box !== undefined} title={t('plantMap.atSpot')} onCancel={onClose} footer={null}>
      <List
        loading={plants.isFetching}
        dataSource={plants.data?.plants}
        pagination={paginationProps(
          t,
          { current: page.currentPage, pageSize: page.pageSize, total: plants.data?.total ?? 0 },
          (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        )}
        renderItem={(plant) => (
          <List.Item>
            <Flex gap={8} align="center" wrap>
              <PlantStatusTag status={plant.status} />
              <Typography.Link onClick={() => onOpen(plant.id)}>{plant.name}</Typography.Link>
              <Typography.Text type="secondary">{[plant.city, plant.country].filter(Boolean).join(', ')}</Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </Modal>
  );
}
