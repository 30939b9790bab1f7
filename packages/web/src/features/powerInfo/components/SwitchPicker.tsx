import { PERMISSIONS, type Permission } from '@sunstack/shared';
import { Button, Card, Checkbox, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SWITCH_SECTIONS } from '../permissions.ts';

/** The switches of spec section 6 in titled sections, each section with an "all" box; the value keeps PERMISSIONS order. */
export function SwitchPicker({ value = [], onChange }: { value?: Permission[]; onChange?: (value: Permission[]) => void }) {
  const { t } = useTranslation();
  const set = (codes: Iterable<Permission>) => {
    const chosen = new Set(codes);
    onChange?.(PERMISSIONS.filter((code) => chosen.has(code)));
  };
  const toggle = (codes: readonly Permission[], on: boolean) => {
    const next = new Set(value);
    for (const code of codes) {
      if (on) next.add(code);
      else next.delete(code);
    }
    set(next);
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">
          {t('powerInfo.group.chosen', { count: value.length, total: PERMISSIONS.length })}
        </Typography.Text>
        <Flex gap={8}>
          <Button size="small" onClick={() => set(PERMISSIONS)}>
            {t('powerInfo.group.all')}
          </Button>
          <Button size="small" onClick={() => set([])}>
            {t('powerInfo.group.none')}
          </Button>
        </Flex>
      </Flex>
      {SWITCH_SECTIONS.map(({ section, switches }) => {
        const held = switches.filter((code) => value.includes(code)).length;
        return (
          <Card
            key={section}
            size="small"
            title={
              <Checkbox
                checked={held === switches.length}
                indeterminate={held > 0 && held < switches.length}
                onChange={(event) => toggle(switches, event.target.checked)}
              >
                {t(`powerInfo.switchSections.${section}`)}
              </Checkbox>
            }
          >
            <Row gutter={[8, 4]}>
              {switches.map((code) => (
                <Col key={code} xs={24} sm={12}>
                  <Checkbox checked={value.includes(code)} onChange={(event) => toggle([code], event.target.checked)}>
                    {t(`powerInfo.switches.${code}`)}
                  </Checkbox>
                </Col>
              ))}
            </Row>
          </Card>
        );
      })}
    </Flex>
  );
}
