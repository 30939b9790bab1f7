import { EnvironmentOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Modal, Spin, Typography } from 'antd';
import type L from 'leaflet';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const WorldMap = lazy(() => import('./WorldMap.tsx'));

type Position = { latitude: number; longitude: number };
/** Five decimals: about one metre, finer than any roof needs. */
const round = (value: number) => Math.round(value * 1e5) / 1e5;

/**
 * Picks a plant's latitude and longitude by clicking the map (the plant map's base map, so it
 * works offline too). Lives inside a plant form: it reads and sets the form's `latitude` and
 * `longitude` fields, and tells `onPicked` (setting fields this way is no change the form reports).
 */
export function LocationPicker({ onPicked }: { onPicked(position: Position): void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const latitude = Form.useWatch('latitude', form) as number | null | undefined;
  const longitude = Form.useWatch('longitude', form) as number | null | undefined;
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Position>();
  const [map, setMap] = useState<L.Map>();
  const current = typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : undefined;

  // The marker follows the pick; the map starts at the position the form holds, if any (read once per opening).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` and `t` are read when the map opens, not followed
  useEffect(() => {
    if (!map || !open) return;
    let marker: L.Marker | undefined;
    const place = async (position: Position) => {
      const { default: leaflet } = await import('leaflet');
      marker?.remove();
      marker = leaflet
        .marker([position.latitude, position.longitude], {
          icon: leaflet.divIcon({
            className: 'plant-location',
            html: '<span style="display:block;width:18px;height:18px;border-radius:50%;background:#1677ff;border:3px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.4)"></span>',
            iconSize: [18, 18],
          }),
          title: t('plantMap.pickedHere'),
          keyboard: false,
        })
        .addTo(map);
    };
    if (current) {
      map.setView([current.latitude, current.longitude], 10);
      void place(current);
    }
    const onClick = (event: L.LeafletMouseEvent) => {
      const position = { latitude: round(event.latlng.lat), longitude: round(event.latlng.wrap().lng) };
      setPicked(position);
      void place(position);
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
      marker?.remove();
    };
  }, [map, open]);

  const close = () => {
    setOpen(false);
    setPicked(undefined);
    setMap(undefined);
  };
  const apply = () => {
    if (picked) {
      form.setFieldsValue(picked);
      onPicked(picked);
    }
    close();
  };
  const shown = picked ?? current;

  return (
    <>
      <Button icon={<EnvironmentOutlined />} onClick={() => setOpen(true)} style={{ marginBottom: 24 }}>
        {t('plantMap.pickOnMap')}
      </Button>
      <Modal
        open={open}
        title={t('plantMap.pickTitle')}
        width={900}
        okText={t('plantMap.usePosition')}
        okButtonProps={{ disabled: !picked }}
        onOk={apply}
        onCancel={close}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('plantMap.pickHint')}</Typography.Paragraph>
        <Suspense fallback={<Spin style={{ display: 'block', margin: '120px auto' }} />}>
          <WorldMap onReady={setMap} label={t('plantMap.pickTitle')} style={{ height: 'min(60vh, 460px)', cursor: 'crosshair' }} />
        </Suspense>
        <Flex gap={8} style={{ marginTop: 12 }} aria-live="polite">
          <Typography.Text>
            {shown ? t('plantMap.position', { latitude: shown.latitude, longitude: shown.longitude }) : t('plantMap.noPosition')}
          </Typography.Text>
        </Flex>
      </Modal>
    </>
  );
}
