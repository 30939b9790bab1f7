import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { dataloggerSnSchema } from '@sunstack/shared';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../lib/forms.ts';

/** Datalogger SNs typed one per line (15 digits each, spec section 5), in a form field `name` of `{ sn }` rows. */
export function DataloggerSnList({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(items, { add, remove }) => (
        <>
          {items.map((item, index) => (
            <Form.Item
              key={item.key}
              label={index === 0 ? t('plant.dataloggerSn') : undefined}
              required
              extra={index === 0 ? t('plant.dataloggerSnHint') : undefined}
            >
              <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <Form.Item name={[item.name, 'sn']} noStyle rules={[zodRule(dataloggerSnSchema, t)]}>
                  <Input
                    inputMode="numeric"
                    maxLength={15}
                    aria-label={`${t('plant.dataloggerSn')} ${index + 1}`}
                    style={{ maxWidth: 280 }}
                  />
                </Form.Item>
                {items.length > 1 && (
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={t('plant.removeDatalogger')}
                    onClick={() => remove(item.name)}
                  />
                )}
              </div>
            </Form.Item>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ sn: '' })} style={{ marginBottom: 24 }}>
            {t('plant.addDatalogger')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
