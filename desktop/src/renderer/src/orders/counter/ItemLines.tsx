// The lines of a counter order, a quick sale or an add-on (issue 42): a
// product from the live menu, its size, the quantity; no prices (the server
// prices them). Native selects and inputs: usable by keyboard alone.
import { getMenuItem, menuItems, type StaffOrderItem } from '@bakery/core';
import { Button, HTMLSelect } from '../../ui/blueprint';

export interface LineDraft {
  productId: string;
  variant: string;
  quantity: string;
}

export const emptyLine = (): LineDraft => ({ productId: '', variant: '', quantity: '1' });

/** The lines as the API takes them (blank lines left out). */
export function linesOf(lines: LineDraft[]): StaffOrderItem[] {
  return lines
    .filter((line) => line.productId)
    .map((line) => ({
      productId: line.productId,
      variant: line.variant || null,
      quantity: Number(line.quantity),
      filling: null,
      addIn: null,
      writing: undefined,
    }));
}

export function ItemLines({
  id,
  lines,
  setLines,
}: {
  id: string;
  lines: LineDraft[];
  setLines(lines: LineDraft[]): void;
}) {
  const change = (index: number, patch: Partial<LineDraft>) =>
    setLines(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const products = [
    { value: '', label: 'Choose a product' },
    ...menuItems().map((item) => ({ value: item.id, label: item.name })),
  ];
  return (
    <fieldset className="counter-lines">
      <legend>Items</legend>
      {lines.map((line, index) => {
        const item = getMenuItem(line.productId);
        const n = index + 1;
        return (
          <div className="counter-line" key={index} role="group" aria-label={`Item ${n}`}>
            <HTMLSelect
              id={index === 0 ? `${id}-product` : undefined}
              aria-label={`Item ${n} product`}
              value={line.productId}
              options={products}
              onChange={(e) => {
                const productId = e.currentTarget.value;
                const first = getMenuItem(productId)?.variants?.[0]?.id ?? '';
                change(index, { productId, variant: first });
              }}
            />
            {item?.variants?.length ? (
              <HTMLSelect
                aria-label={`Item ${n} size`}
                value={line.variant}
                options={item.variants.map((v) => ({ value: v.id, label: v.label }))}
                onChange={(e) => change(index, { variant: e.currentTarget.value })}
              />
            ) : null}
            <input
              className="bp6-input counter-quantity"
              type="number"
              min={1}
              max={50}
              aria-label={`Item ${n} quantity`}
              value={line.quantity}
              onChange={(e) => change(index, { quantity: e.currentTarget.value })}
            />
            <Button
              minimal
              icon="cross"
              aria-label={`Remove item ${n}`}
              disabled={lines.length === 1}
              onClick={() => setLines(lines.filter((_, i) => i !== index))}
            />
          </div>
        );
      })}
      <Button
        small
        icon="add"
        text="Add another item"
        onClick={() => setLines([...lines, emptyLine()])}
      />
    </fieldset>
  );
}
