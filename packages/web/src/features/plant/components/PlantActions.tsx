import { ApartmentOutlined, DatabaseOutlined, EditOutlined, LinkOutlined } from '@ant-design/icons';
import type { PlantDetail } from '@sunstack/shared';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClientStore } from '../../../lib/clientStore.ts';

/**
 * What can be done with a plant from its detail: edit it, link a datalogger, set its parallel
 * system, see its devices. Each shows when the account reaches the screen and, for changes, may
 * change the plant.
 */
export function PlantActions({ plant }: { plant: PlantDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menus = useClientStore((state) => state.menus);
  const buttons = useClientStore((state) => state.buttons);
  const reaches = (screen: string) => menus.includes(screen);
  const mayEdit = plant.writable && buttons.includes('site.edit');

  return (
    <Flex wrap gap={8} style={{ marginBottom: 16 }}>
      {mayEdit && reaches('plant-edit') && (
        <Button icon={<EditOutlined />} onClick={() => navigate(`/bus/plant/edit?id=${plant.id}`)}>
          {t('plant.edit')}
        </Button>
      )}
      {mayEdit && reaches('plant-link-sn') && (
        <Button icon={<LinkOutlined />} onClick={() => navigate(`/bus/plant/linkSn?id=${plant.id}`)}>
          {t('navBar.linkSn')}
        </Button>
      )}
      {reaches('parallel-system') && (
        <Button icon={<ApartmentOutlined />} onClick={() => navigate(`/bus/plant/parallelSystem?id=${plant.id}`)}>
          {t('navBar.parallelSystem')}
        </Button>
      )}
      {reaches('device') && (
        <Button icon={<DatabaseOutlined />} onClick={() => navigate(`/bus/device?plantId=${plant.id}`)}>
          {t('plant.devices')}
        </Button>
      )}
    </Flex>
  );
}
