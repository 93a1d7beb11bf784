// For the recipe screens: the menu items a recipe makes, each option with its
// price, cost of goods by its size through the link, and margin in dollars
// and percent; a cost that cannot tell sizes apart says so.
import { NonIdealState } from '../ui/blueprint';
import {
  PRICE_POINTS,
  centsToDollars,
  dollarsToCents,
  marginOf,
  type ProductRecipeLinkView,
  ROUTES,
} from '@bakery/core';
import { useApiQuery } from '../api/useApiQuery';
import { HeadedTable } from '../ui/HeadedTable';
import { QueryStatus } from '../ui/QueryStatus';
import { MarginCells } from './shared';

/** One row per option a link of the recipe covers, costed by the server per option. */
function marginRows(links: readonly ProductRecipeLinkView[], recipeId: string) {
  return links
    .filter((l) => l.recipeId === recipeId)
    .flatMap((link) =>
      link.variants.flatMap((variant) => {
        const point = PRICE_POINTS.find(
          (p) => p.productId === link.productId && p.variantId === variant.variantId,
        );
        if (!point) return [];
        const { marginCents, marginPercent } = marginOf(
          point.priceCents,
          dollarsToCents(variant.costPerItem),
        );
        return [
          {
            key: `${point.productId}|${point.variantId}`,
            name: point.name,
            option: point.variantLabel,
            price: centsToDollars(point.priceCents),
            cost: variant.costPerItem,
            warning: variant.warning,
            margin: centsToDollars(marginCents),
            marginPercent,
          },
        ];
      }),
    );
}

export function RecipeMargins({ recipeId }: { recipeId: string }) {
  const links = useApiQuery([ROUTES.recipeLinks.path], ROUTES.recipeLinks);
  if (links.isLoading || links.error) return <QueryStatus query={links} what="menu items" small />;
  const rows = marginRows(links.data ?? [], recipeId);
  if (rows.length === 0)
    return (
      <NonIdealState
        icon="link"
        title="No menu item uses this recipe yet"
        description="Link one in Kitchen › Recipe Links."
      />
    );
  return (
    <HeadedTable
      label="Menu items made with this recipe"
      columns={['Menu item', 'Option', 'Price', 'Cost', 'Margin', 'Margin %']}
    >
      {rows.map((r) => (
        <tr key={r.key}>
          <td>{r.name}</td>
          <td>{r.option ?? ''}</td>
          <MarginCells {...r} />
        </tr>
      ))}
    </HeadedTable>
  );
}
