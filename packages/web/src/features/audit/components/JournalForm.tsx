import {
  DEFAULT_LANGUAGE,
  JOURNAL_LIMITS,
  type JournalEntry,
  journalSaveBody,
  journalText,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  languageTag,
} from '@sunstack/shared';
import { Collapse, Form, Input, message, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/FormDrawer.tsx';
import { showSchemaIssues, showServerIssues, zodRule } from '../../../lib/forms.ts';
import { useSaveNote } from '../api/journal.ts';

type Texts = Partial<Record<Language, { title?: string; body?: string }>>;
interface Values {
  version: string;
  texts: Texts;
}

/** A language counts as written once its title or body has text; only those are sent. */
const isWritten = (text: Texts[Language]) => Boolean(text?.title?.trim() || text?.body?.trim());
const written = (texts: Texts = {}) =>
  Object.fromEntries(Object.entries(texts).filter(([, text]) => isWritten(text))) as Record<Language, { title: string; body: string }>;

/**
 * Writes or corrects a journal note: a version label, and a title and plain-text body per language. English is
 * required (the fallback of every other language); each language's header says whether it is written.
 */
export function JournalForm({ note, onClose }: { note: JournalEntry | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const existing = note === 'new' ? undefined : note;
  const save = useSaveNote();
  const texts = Form.useWatch('texts', form) ?? existing?.texts;
  const [open, setOpen] = useState<string[]>([DEFAULT_LANGUAGE, ...Object.keys(existing?.texts ?? {})]);

  const onFinish = async (values: Values) => {
    const parsed = journalSaveBody.safeParse({ version: values.version, texts: written(values.texts) });
    if (!parsed.success) {
      showSchemaIssues(form, parsed.error.issues, t);
      // A language whose fields are wrong opens, so its message shows.
      setOpen((keys) => [...new Set([...keys, ...parsed.error.issues.map((issue) => String(issue.path[1]))])]);
      return;
    }
    try {
      await save.mutateAsync({ id: existing?.id, fields: parsed.data });
      void message.success(t('journal.saved'));
      onClose();
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <FormDrawer<Values>
      title={existing ? t('journal.edit') : t('journal.create')}
      width={640}
      form={form}
      saving={save.isPending}
      onFinish={onFinish}
      onClose={onClose}
      initialValues={{ version: existing?.version ?? '', texts: existing?.texts ?? {} }}
    >
      <Form.Item name="version" label={t('journal.version')} extra={t('journal.versionHint')}>
        <Input maxLength={JOURNAL_LIMITS.version} style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item label={t('journal.texts')} extra={t('journal.textsHint')}>
        <Collapse
          activeKey={open}
          onChange={(keys) => setOpen(keys as string[])}
          items={LANGUAGES.map((language) => ({
            key: language,
            // Kept mounted while closed, so a language's text stays in the form.
            forceRender: true,
            label: LANGUAGE_NAMES[language],
            extra: isWritten(texts?.[language]) ? (
              <Tag color="green">{t('journal.written')}</Tag>
            ) : (
              <Tag color={language === DEFAULT_LANGUAGE ? 'red' : undefined}>
                {t(language === DEFAULT_LANGUAGE ? 'journal.required' : 'journal.notWritten')}
              </Tag>
            ),
            children: (
              <>
                <Form.Item name={['texts', language, 'title']} label={t('journal.title')} required={language === DEFAULT_LANGUAGE}>
                  <Input maxLength={JOURNAL_LIMITS.title} lang={languageTag(language)} />
                </Form.Item>
                <Form.Item
                  name={['texts', language, 'body']}
                  label={t('journal.body')}
                  required={language === DEFAULT_LANGUAGE}
                  rules={[zodRule(journalText.shape.body, t, { optional: true })]}
                  extra={t('journal.bodyHint')}
                  style={{ marginBottom: 0 }}
                >
                  <Input.TextArea autoSize={{ minRows: 4, maxRows: 14 }} maxLength={JOURNAL_LIMITS.body} lang={languageTag(language)} />
                </Form.Item>
              </>
            ),
          }))}
        />
      </Form.Item>
    </FormDrawer>
  );
}
