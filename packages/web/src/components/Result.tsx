import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

/**
 * Ant Design's Result, loaded when one is first shown: its module carries three illustrations (10 KB
 * gzipped) that only a failure, a missing object or an empty start shows, so no screen pays for them
 * up front (issue 21: the cold plant detail's JavaScript).
 */
const AntResult = lazy(() => import('antd/es/result'));

export function Result(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <AntResult {...props} />
    </Suspense>
  );
}
