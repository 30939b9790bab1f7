import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { CHECK_CODE_LENGTH, checkCodeSchema, dataloggerSnSchema } from '@sunstack/shared';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../lib/forms.ts';

/**
 * Dataloggers typed one per line, each its SN (15 digits, spec section 5) and the check code printed
 * beside it on the label, which proves that one holds the datalogger: a form field `name` of
 * `{ sn, checkCode }` rows.
 */
export function DataloggerSnList({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(items, { add, remove }) => (
        <>
          {items.map((item, index) => (
            <Form.Item
              key={item.key}
              label={index === 0 ? t('plant.dataloggerSnAndCode') : undefined}
              required
              extra={index === 0 ? t('plant.checkCodeHint') : undefined}
            >
              <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <Form.Item name={[item.name, 'sn']} noStyle rules={[zodRule(dataloggerSnSchema, t)]}>
                  <Input
                    inputMode="numeric"
                    maxLength={15}
                    aria-label={`${t('plant.dataloggerSn')} ${index + 1}`}
                    style={{ maxWidth: 220 }}
                  />
                </Form.Item>
                <Form.Item name={[item.name, 'checkCode']} noStyle rules={[zodRule(checkCodeSchema, t)]}>
                  <Input
                    maxLength={CHECK_CODE_LENGTH}
                    autoCapitalize="characters"
                    placeholder={t('plant.checkCode')}
                    aria-label={`${t('plant.checkCode')} ${index + 1}`}
                    style={{ maxWidth: 140 }}
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
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ sn: '', checkCode: '' })} style={{ marginBottom: 24 }}>
            {t('plant.addDatalogger')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
