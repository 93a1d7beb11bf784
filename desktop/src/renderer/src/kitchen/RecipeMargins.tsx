// For the recipe screens: the menu items a recipe makes, each with its price,
// cost of goods through the link, and margin in dollars and percent.
import { Callout, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import {
  PRICE_POINTS,
  centsToDollars,
  dollarsToCents,
  marginOf,
  type ProductRecipeLinkView,
} from '@bakery/core';
import { api, messageOf } from '../api/client';
import { money, percent } from './shared';

/** Price points a link covers: its own variant, or every variant for an all-variants link. */
const pointsOf = (link: ProductRecipeLinkView, links: ProductRecipeLinkView[]) =>
  PRICE_POINTS.filter(
    (p) =>
      p.productId === link.productId &&
      (link.variantId === p.variantId ||
        (link.variantId === '' &&
          !links.some(
            (l) => l.productId === p.productId && l.variantId === p.variantId && l.variantId !== '',
          ))),
  );

export function RecipeMargins({ recipeId }: { recipeId: string }) {
  const links = useQuery({
    queryKey: ['/api/admin/kitchen/links'],
    queryFn: () => api<ProductRecipeLinkView[]>('/api/admin/kitchen/links'),
  });
  if (links.isLoading) return <Spinner size={16} aria-label="Loading menu items" />;
  if (links.error)
    return <Callout intent="danger">{messageOf(links.error, 'Failed to load links')}</Callout>;
  const all = links.data ?? [];
  const rows = all
    .filter((l) => l.recipeId === recipeId)
    .flatMap((link) =>
      pointsOf(link, all).map((point) => {
        const costCents = dollarsToCents(link.costPerItem);
        const { marginCents, marginPercent } = marginOf(point.priceCents, costCents);
        return {
          key: `${point.productId}|${point.variantId}`,
          name: point.name,
          option: point.variantLabel,
          price: centsToDollars(point.priceCents),
          cost: link.costPerItem,
          margin: centsToDollars(marginCents),
          marginPercent,
        };
      }),
    );
  if (rows.length === 0)
    return (
      <NonIdealState
        icon="link"
        title="No menu item uses this recipe yet"
        description="Link one in Kitchen › Recipe Links."
      />
    );
  return (
    <HTMLTable
      compact
      striped
      aria-label="Menu items made with this recipe"
      style={{ width: '100%' }}
    >
      <thead>
        <tr>
          <th scope="col">Menu item</th>
          <th scope="col">Option</th>
          <th scope="col">Price</th>
          <th scope="col">Cost</th>
          <th scope="col">Margin</th>
          <th scope="col">Margin %</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <td>{r.name}</td>
            <td>{r.option ?? ''}</td>
            <td>{money(r.price)}</td>
            <td>{money(r.cost)}</td>
            <td>{money(r.margin)}</td>
            <td>{percent(r.marginPercent)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
