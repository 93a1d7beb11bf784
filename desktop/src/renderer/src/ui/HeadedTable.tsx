// A full-width compact table under TableHead's column headings, named for
// assistive tech by `label`, with an optional footer (a total).
import type { ComponentProps, ReactNode } from 'react';
import { HTMLTable } from '@blueprintjs/core';
import { TableHead } from './TableHead';

export function HeadedTable({
  label,
  columns,
  striped = true,
  foot,
  children,
}: {
  label: string;
  columns: ComponentProps<typeof TableHead>['columns'];
  striped?: boolean;
  /** A <tfoot> row or rows, e.g. a total. */
  foot?: ReactNode;
  /** The body rows. */
  children: ReactNode;
}) {
  return (
    <HTMLTable compact striped={striped} aria-label={label} style={{ width: '100%' }}>
      <TableHead columns={columns} />
      <tbody>{children}</tbody>
      {foot && <tfoot>{foot}</tfoot>}
    </HTMLTable>
  );
}
