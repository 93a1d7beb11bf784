// The bake sheet's tables (issue 21 split): what to bake, the cakes with
// their details, customers' instructions, and the shopping list with costs.
import { Callout, Card, H5, Tag } from '../ui/blueprint';
import { cakeWritingCell, dueLabel, type BakeSheetView } from '@bakery/core';
import { TableCard, amount, money } from './shared';

/** Each item and option to bake, with its pieces, add-ins and recipe batches. */
export function ToBakeTable({ products }: Pick<BakeSheetView, 'products'>) {
  return (
    <TableCard
      title="To bake"
      label="Items to bake"
      columns={['Category', 'Item', 'Option', 'Quantity', 'Pieces', 'Add-ins', 'Recipe batches']}
    >
      {products.map((p) => (
        <tr key={`${p.productId}|${p.variantId}`}>
          <td>{p.categoryLabel}</td>
          <td>{p.name}</td>
          <td>{p.variantLabel ?? ''}</td>
          <td>
            {p.quantity}
            {p.standing > 0 ? (
              <Tag minimal intent="primary" style={{ marginLeft: 6 }}>
                {p.standing} standing
              </Tag>
            ) : null}
          </td>
          <td>{`${p.pieces} ${p.pieceName}`}</td>
          <td>
            {Object.entries(p.addIns)
              .map(([label, n]) => `${n} × ${label}`)
              .join(', ')}
          </td>
          <td>
            {p.batches === null ? (
              <Tag intent="warning" minimal>
                No recipe linked
              </Tag>
            ) : (
              `${amount(p.batches)} × ${p.recipeName}`
            )}
          </td>
        </tr>
      ))}
    </TableCard>
  );
}

/** Each cake ordered, with its pickup, customer and decoration. */
export function CakesTable({ cakes }: Pick<BakeSheetView, 'cakes'>) {
  return (
    <TableCard
      title="Cakes"
      columns={[
        'Pickup',
        'Order',
        'Customer',
        'Cake',
        'Size',
        'Filling',
        'Qty',
        'Writing',
        'Bows',
        'Instructions',
      ]}
    >
      {cakes.map((c, i) => (
        <tr key={`${c.orderId}-${i}`}>
          {/* "Sat, Nov 28 · 10:00 AM" on one line, not an ISO date wrapped over four (issue 23). */}
          <td className="nowrap">{dueLabel(c)}</td>
          <td>{c.orderNumber}</td>
          <td>{c.customerName}</td>
          <td>{c.name}</td>
          <td>{c.size ?? '—'}</td>
          <td>{c.filling ?? '—'}</td>
          <td>{c.quantity}</td>
          <td>{cakeWritingCell(c)}</td>
          <td>{c.bows ? 'Yes' : 'No'}</td>
          <td>{c.specialInstructions ?? ''}</td>
        </tr>
      ))}
    </TableCard>
  );
}

/** The customers' special instructions, one per order. */
export function InstructionsCard({ instructions }: Pick<BakeSheetView, 'instructions'>) {
  return (
    <Card>
      <H5>Special instructions</H5>
      <ul aria-label="Special instructions" className="plain-list">
        {instructions.map((n) => (
          <li key={n.orderId}>
            <strong>
              {n.orderNumber} · {n.customerName} · {dueLabel(n)}:
            </strong>{' '}
            {n.text}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The ingredients to buy with their cost, and what has no recipe linked. */
export function ShoppingListTable({ sheet: s }: { sheet: BakeSheetView }) {
  return (
    <TableCard
      title="Shopping list"
      columns={['Ingredient', 'Quantity', 'Unit', 'Cost per unit', 'Cost']}
      before={
        s.unlinked.length > 0 && (
          <Callout intent="warning" title="Not in the shopping list (no recipe linked)">
            {s.unlinked
              .map(
                (u) => `${u.quantity} × ${u.name}${u.variantLabel ? ` (${u.variantLabel})` : ''}`,
              )
              .join(', ')}
          </Callout>
        )
      }
      foot={
        <tr>
          <th scope="row" colSpan={4}>
            Total
          </th>
          <td data-testid="shopping-total">
            <strong>{money(s.shoppingListCost)}</strong>
          </td>
        </tr>
      }
    >
      {s.shoppingList.map((row) => (
        <tr key={row.ingredientId}>
          <td>{row.name}</td>
          <td>{amount(row.quantity)}</td>
          <td>{row.unit}</td>
          <td>${row.costPerUnit.toFixed(4)}</td>
          <td>{money(row.cost)}</td>
        </tr>
      ))}
    </TableCard>
  );
}
