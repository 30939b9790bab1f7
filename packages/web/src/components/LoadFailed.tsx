import { ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../lib/http.ts';
import { Result } from './Result.tsx';

/** What a list needs of its query to show loading, a failure and a retry. */
export type ListQuery = Pick<UseQueryResult<unknown>, 'isFetching' | 'isError' | 'error' | 'refetch'>;

/**
 * Data that could not be loaded, said where it would have been shown, with a retry (issue 21, defect 7):
 * a failure is never shown as an empty list.
 */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('loadFailure.title')}
      subTitle={failureMessage(error)}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
          {t('loadFailure.retry')}
        </Button>
      }
    />
  );
}

/**
 * A table's loading state and empty text from the query that fills it: while the query has failed the
 * table shows no rows (not the last page it had) and the failure with a retry in their place.
 */
export function listTableState(list: ListQuery, emptyText?: ReactNode) {
  const failed = list.isError;
  return {
    failed,
    loading: list.isFetching,
    locale: {
      emptyText: failed ? <LoadFailed error={list.error} onRetry={() => void list.refetch()} /> : emptyText,
    },
  };
}
