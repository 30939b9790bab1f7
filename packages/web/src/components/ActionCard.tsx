import { Card, Grid } from 'antd';
import type { ReactNode } from 'react';

/**
 * A screen's card with actions beside its title. On a phone (below `narrowBelow`) the actions go at the top of the
 * body instead: beside the title they squeezed it to a letter in German ("I…") or ran off the card.
 */
export function ActionCard({
  title,
  actions,
  narrowBelow = 'md',
  children,
}: {
  title: ReactNode;
  actions: ReactNode;
  narrowBelow?: 'sm' | 'md';
  children: ReactNode;
}) {
  const narrow = Grid.useBreakpoint()[narrowBelow] === false;
  return (
    <Card variant="borderless" title={title} extra={narrow ? undefined : actions}>
      {narrow && <div style={{ marginBottom: 12 }}>{actions}</div>}
      {children}
    </Card>
  );
}
