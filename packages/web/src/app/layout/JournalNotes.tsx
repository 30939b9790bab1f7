import type { JournalNote } from '@sunstack/shared';
import { Button, Drawer, Flex, List, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarkNotesSeen, useNews } from '../../api/journal.ts';
import { listTableState } from '../../components/LoadFailed.tsx';
import { useClientStore } from '../../lib/clientStore.ts';
import { formatDate } from '../../lib/format.ts';
import { paginationProps } from '../../lib/pagination.ts';

/**
 * A note as readers see it: its version and date, its title, and its body as plain text. A blank line starts a
 * paragraph and a line break stays one; nothing in it is markup, so nothing an author types can act as HTML.
 */
function Note({ note }: { note: JournalNote }) {
  const language = useClientStore((state) => state.language);
  return (
    <article style={{ width: '100%' }}>
      <Flex gap={8} align="center" wrap>
        {note.version && <Tag color="blue">{note.version}</Tag>}
        <Typography.Text type="secondary">{formatDate(note.publishedAt, language)}</Typography.Text>
      </Flex>
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {note.title}
      </Typography.Title>
      {note.body.split(/\n\s*\n/).map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one text, never reordered
        <Typography.Paragraph key={index} style={{ whiteSpace: 'pre-line' }}>
          {paragraph}
        </Typography.Paragraph>
      ))}
    </article>
  );
}

/** After sign-in: the newest notes this account has not seen; dismissed once (the button, the cross or Esc), gone for good. */
export function NewNotesDialog({ notes }: { notes: JournalNote[] }) {
  const { t } = useTranslation();
  const seen = useMarkNotesSeen();
  const [open, setOpen] = useState(true);
  const dismiss = () => {
    setOpen(false);
    seen.mutate(notes.map((note) => note.id));
  };
  return (
    <Modal
      open={open}
      title={t('journal.newTitle')}
      onCancel={dismiss}
      footer={
        <Button type="primary" onClick={dismiss}>
          {t('journal.dismiss')}
        </Button>
      }
      styles={{ body: { maxHeight: '60vh', overflowY: 'auto' } }}
    >
      <List
        dataSource={notes}
        rowKey="id"
        renderItem={(note) => (
          <List.Item>
            <Note note={note} />
          </List.Item>
        )}
      />
    </Modal>
  );
}

/** What's new (from the account menu): every published note, newest first, in the console's language. */
export function WhatsNewDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState<{ currentPage: number; pageSize: 10 | 20 | 50 }>({ currentPage: 1, pageSize: 10 });
  const news = useNews(page);
  const { loading, locale } = listTableState(news, t('journal.noNews'));
  return (
    <Drawer open width="min(560px, 100vw)" title={t('journal.whatsNew')} onClose={onClose}>
      <List
        loading={loading}
        dataSource={news.isError ? [] : news.data?.notes}
        rowKey="id"
        locale={locale}
        renderItem={(note) => (
          <List.Item>
            <Note note={note} />
          </List.Item>
        )}
        pagination={paginationProps(
          t,
          { current: page.currentPage, pageSize: page.pageSize, total: news.data?.total ?? 0 },
          (currentPage, pageSize) => setPage({ currentPage, pageSize: pageSize as 10 | 20 | 50 }),
        )}
      />
    </Drawer>
  );
}
