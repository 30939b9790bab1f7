import { type Strategy, templateCalls } from '@sunstack/shared';
import { Button, Flex, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../components/Permission.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { useTemplateList } from '../api/listTemplates.ts';
import { useSaveTemplate } from '../api/saveTemplate.ts';

/** Who keeps templates (the template calls' roles). */
export const useMayUseTemplates = () => {
  const access = useClientStore((state) => state.access);
  return (templateCalls.list.access as readonly number[]).includes(access);
};

/**
 * Work model templates on a screen that edits a strategy: load one of the branch's templates into the
 * form (to review and send), or save what the form holds as a new template.
 */
export function TemplatePicker({ onLoad, current }: { onLoad: (strategy: Strategy) => void; current: () => Strategy | undefined }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<string>();
  const list = useTemplateList({ currentPage: 1, pageSize: 20, name: search || undefined });
  const save = useSaveTemplate();
  const templates = list.data?.templates ?? [];

  async function saveAs() {
    const strategy = current();
    if (!strategy || name.trim() === '') return;
    await save.mutateAsync({ name, strategy });
    setSaved(name);
    setName('');
  }

  return (
    <Flex vertical gap={8}>
      <Select
        showSearch={{ filterOption: false, onSearch: setSearch }}
        aria-label={t('workMode.loadTemplate')}
        placeholder={t('workMode.loadTemplate')}
        value={null}
        loading={list.isFetching}
        options={templates.map((template) => ({ value: template.id, label: template.name }))}
        notFoundContent={list.isFetching ? null : t('template.none')}
        onChange={(id) => {
          const chosen = templates.find((template) => template.id === id);
          if (chosen) onLoad(chosen.strategy);
        }}
      />
      <Permission code="template.configure">
        <Flex gap={8}>
          <Input
            aria-label={t('template.name')}
            placeholder={t('template.name')}
            value={name}
            maxLength={64}
            onChange={(event) => setName(event.target.value)}
          />
          <Button onClick={() => saveAs().catch(() => {})} loading={save.isPending} disabled={name.trim() === ''}>
            {t('workMode.saveTemplate')}
          </Button>
        </Flex>
      </Permission>
      {saved && <Typography.Text type="success">{t('workMode.templateSaved', { name: saved })}</Typography.Text>}
    </Flex>
  );
}
