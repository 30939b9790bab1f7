import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_LANGUAGE, JOURNAL_STATES, type JournalEntry, type JournalListBody, type JournalState } from '@sunstack/shared';
import { Button, Flex, message, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useDeleteNote, useJournal, useSetNoteState } from '../api/journal.ts';
import { JournalForm } from './JournalForm.tsx';

const STATE_COLOURS: Record<JournalState, string | undefined> = { draft: undefined, published: 'green', withdrawn: 'red' };

/**
 * The journal's notes for administrators: write a draft, publish it to every signed-in account, withdraw it for
 * good; drafts and withdrawn notes can be deleted. Titles show in the console's language where the note has it.
 */
export function Journal() {
  const { t } = useTranslation();
  const language = useClientStore((state) => state.language);
  const paging = usePagedFilters<Partial<Pick<JournalListBody, 'state'>>>({});
  const list = useJournal(paging.query);
  const setState = useSetNoteState();
  const remove = useDeleteNote();
  const [editing, setEditing] = useState<JournalEntry | 'new'>();
  const titleOf = (note: JournalEntry) => (note.texts[language] ?? note.texts[DEFAULT_LANGUAGE])?.title ?? '';

  const move = (note: JournalEntry, state: 'published' | 'withdrawn') =>
    setState
      .mutateAsync({ id: note.id, state })
      .then(() => message.success(t(state === 'published' ? 'journal.publishedDone' : 'journal.withdrawnDone', { title: titleOf(note) })))
      .catch(() => {});

  const columns: ColumnsType<JournalEntry> = [
    {
      title: t('journal.note'),
      key: 'title',
      render: (_, note) => (
        <Space size={4} wrap>
          {note.version && <Tag color="blue">{note.version}</Tag>}
          {note.state === 'withdrawn' ? (
            <Typography.Text>{titleOf(note)}</Typography.Text>
          ) : (
            <Typography.Link onClick={() => setEditing(note)}>{titleOf(note)}</Typography.Link>
          )}
        </Space>
      ),
    },
    {
      title: t('journal.state'),
      dataIndex: 'state',
      render: (state: JournalState) => <Tag color={STATE_COLOURS[state]}>{t(`journal.states.${state}`)}</Tag>,
    },
    {
      title: t('journal.languages'),
      key: 'languages',
      render: (_, note) => Object.keys(note.texts).length,
      align: 'right',
    },
    {
      title: t('journal.publishedAt'),
      dataIndex: 'publishedAt',
      render: (at: number | null) => (at === null ? '–' : formatDateTime(at, language)),
    },
    { title: t('journal.author'), dataIndex: 'author' },
    {
      title: t('journal.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, note) => (
        // Wraps on a phone, where the pinned column is narrow.
        <Space wrap size={4}>
          {note.state !== 'withdrawn' && (
            <Tooltip title={t('journal.editAction')}>
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={`${t('journal.editAction')} ${titleOf(note)}`}
                onClick={() => setEditing(note)}
              />
            </Tooltip>
          )}
          {note.state === 'draft' && (
            <Popconfirm title={t('journal.publishConfirm', { title: titleOf(note) })} onConfirm={() => move(note, 'published')}>
              <Button size="small" type="primary" ghost>
                {t('journal.publish')}
              </Button>
            </Popconfirm>
          )}
          {note.state === 'published' && (
            <Popconfirm title={t('journal.withdrawConfirm', { title: titleOf(note) })} onConfirm={() => move(note, 'withdrawn')}>
              <Button size="small">{t('journal.withdraw')}</Button>
            </Popconfirm>
          )}
          {note.state !== 'published' && (
            <Popconfirm
              title={t('journal.deleteConfirm', { title: titleOf(note) })}
              onConfirm={() =>
                remove
                  .mutateAsync(note.id)
                  .then(() => message.success(t('journal.deleted', { title: titleOf(note) })))
                  .catch(() => {})
              }
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('journal.delete')} ${titleOf(note)}`} />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Flex justify="space-between" gap={8} wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder={t('journal.state')}
          aria-label={t('journal.state')}
          style={{ width: 160 }}
          options={JOURNAL_STATES.map((state) => ({ value: state, label: t(`journal.states.${state}`) }))}
          onChange={(state?: JournalState) => paging.setFilters({ state })}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('journal.create')}
        </Button>
      </Flex>
      <PagedTable<JournalEntry>
        rowKey="id"
        paging={paging}
        list={list}
        rows={list.data?.notes}
        total={list.data?.total}
        columns={columns}
        emptyText={t('journal.empty')}
        scroll={{ x: 900 }}
      />
      {editing && <JournalForm key={editing === 'new' ? 'new' : editing.id} note={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
