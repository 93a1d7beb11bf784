// The Drops panel's tables (issue 21 split): the drops with the owner's
// actions, and the pickup windows per weekday with their limits.
import {
  dropUnitFigures,
  formatInstant,
  formatLongDate,
  menuCategories,
  WEEKDAY_NAMES,
  WHOLE_KITCHEN,
  windowLabel,
  type PickupWindowDef,
  type PublicDropView,
} from '@bakery/core';
import { Button, ButtonGroup, NonIdealState, Tag } from '../ui/blueprint';
import { HeadedTable } from '../ui/HeadedTable';

export function DropsTable({
  drops,
  isOwner,
  edit,
  duplicate,
  remove,
  releaseHolds,
}: {
  drops: PublicDropView[];
  isOwner: boolean;
  edit: (drop: PublicDropView) => void;
  duplicate: { mutate: (id: string) => void };
  remove: { mutate: (id: string) => void };
  releaseHolds: { mutate: (id: string) => void };
}) {
  return (
    <>
      {drops.length === 0 ? (
        <NonIdealState icon="shop" title="No drops yet" />
      ) : (
        <HeadedTable
          label="Drops"
          columns={['Drop', 'Orders', 'Pickup', 'Items sold and left', '']}
        >
          {drops.map((drop) => (
            <tr key={drop.id}>
              <th scope="row">
                {drop.name} <Tag minimal>{drop.state}</Tag>
              </th>
              <td>
                {formatInstant(drop.opensAt)} to {formatInstant(drop.closesAt)}
              </td>
              <td>{drop.pickupDates.map(formatLongDate).join('; ')}</td>
              <td>
                {drop.units.map((u) => (
                  <div key={u.id}>{dropUnitFigures(u)}</div>
                ))}
                {(drop.holders ?? 0) > 0 && (
                  <Tag minimal intent="warning">
                    {drop.holders === 1 ? '1 customer holds' : `${drop.holders} customers hold`}{' '}
                    items at checkout
                  </Tag>
                )}
              </td>
              <td>
                {isOwner && (
                  <ButtonGroup minimal vertical alignText="left">
                    <Button text="Edit" onClick={() => edit(drop)} />
                    <Button
                      text="Duplicate for next week"
                      onClick={() => duplicate.mutate(drop.id)}
                    />
                    {(drop.holders ?? 0) > 0 && (
                      <Button
                        text="Release holds"
                        intent="warning"
                        onClick={() => releaseHolds.mutate(drop.id)}
                      />
                    )}
                    <Button text="Delete" intent="danger" onClick={() => remove.mutate(drop.id)} />
                  </ButtonGroup>
                )}
              </td>
            </tr>
          ))}
        </HeadedTable>
      )}
    </>
  );
}

export function WindowsTable({
  windows,
  isOwner,
  removeWindow,
}: {
  windows: PickupWindowDef[] | undefined;
  isOwner: boolean;
  removeWindow: { mutate: (id: string) => void };
}) {
  return (
    <>
      {!windows || windows.length === 0 ? (
        <NonIdealState icon="time" title="Half-hour slots every day" />
      ) : (
        <HeadedTable label="Pickup windows" columns={['Day', 'Window', 'Limit', '']}>
          {windows.map((w) => (
            <tr key={w.id}>
              <th scope="row">{WEEKDAY_NAMES[w.weekday]}</th>
              <td>
                {windowLabel(w)} {w.fulfillment === 'delivery' && <Tag minimal>delivery</Tag>}
              </td>
              <td>
                {Object.entries(w.limits)
                  .map(([scope, n]) =>
                    scope === WHOLE_KITCHEN
                      ? `${n} items`
                      : `${n} ${menuCategories().find((c) => c.id === scope)?.label ?? scope}`,
                  )
                  .join(', ') || 'no limit'}
              </td>
              <td>
                {isOwner && (
                  <Button minimal text="Remove" onClick={() => removeWindow.mutate(w.id)} />
                )}
              </td>
            </tr>
          ))}
        </HeadedTable>
      )}
    </>
  );
}
