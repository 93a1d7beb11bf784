/**
 * A table's header row: a label per column, or `[label, className]` ('num'
 * right-aligns). Each heading is scope="col", so a screen reader reads every
 * cell with its heading. For print tables and tables with several bodies.
 */
export function TableHead({
  columns,
}: {
  columns: (string | [label: string, className: string])[];
}) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => {
          const [label, className] = typeof c === 'string' ? [c] : c;
          return (
            <th key={i} scope="col" className={className}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
