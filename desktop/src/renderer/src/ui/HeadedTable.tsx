// A full-width compact table with one heading per column (scope="col", so a
// screen reader reads each cell with its heading), named for assistive tech
// by `label`. A heading may be a node, e.g. a visually muted "Actions".
import type { ReactNode } from 'react';
import { HTMLTable } from '@blueprintjs/core';

export function HeadedTable({
  label,
  columns,
  striped = true,
  foot,
  children,
}: {
  label: string;
  columns: readonly ReactNode[];
  striped?: boolean;
  /** A <tfoot> row or rows, e.g. a total. */
  foot?: ReactNode;
  /** The body rows. */
  children: ReactNode;
}) {
  return (
    <HTMLTable compact striped={striped} aria-label={label} style={{ width: '100%' }}>
      <thead>
        <tr>
          {columns.map((name, i) => (
            <th scope="col" key={typeof name === 'string' ? name : i}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
      {foot && <tfoot>{foot}</tfoot>}
    </HTMLTable>
  );
}
