// The Links panel's table (issue 21 split): each linked item with its
// recipe, its batch and item figures and its cost per item (per option when
// it has several), with edit and remove.
import type { ProductRecipeLinkView } from '@bakery/core';
import { NonIdealState } from '../ui/blueprint';
import { IconButton } from '../ui/fields';
import { HeadedTable } from '../ui/HeadedTable';
import { CostFigure, CostWarning, amount, money } from './shared';

export const linkLabel = (l: ProductRecipeLinkView) =>
  `${l.productName}${l.variantLabel ? ` (${l.variantLabel})` : ' (all options)'}`;

/** The cost of one item per option the link covers ("12 count: $2.50"), each with its warning. */
function LinkCosts({ link }: { link: ProductRecipeLinkView }) {
  if (link.variants.length <= 1)
    return (
      <CostFigure
        cost={link.variants[0]?.costPerItem ?? link.costPerItem}
        warning={link.variants[0]?.warning}
      />
    );
  return (
    <>
      <ul className="link-costs" aria-label={`Cost per option of ${linkLabel(link)}`}>
        {link.variants.map((v) => (
          <li key={v.variantId}>
            {v.variantLabel}: {money(v.costPerItem)}
          </li>
        ))}
      </ul>
      <CostWarning warning={link.variants.find((v) => v.warning)?.warning} />
    </>
  );
}

export function LinkedItems({
  links,
  onEdit,
  onRemove,
}: {
  links: ProductRecipeLinkView[];
  onEdit(link: ProductRecipeLinkView): void;
  onRemove(link: ProductRecipeLinkView): void;
}) {
  if (links.length === 0) return <NonIdealState icon="link" title="No recipe linked yet" />;
  return (
    <HeadedTable
      label="Linked items"
      columns={[
        'Item',
        'Recipe',
        'Batch makes',
        'Item holds',
        'Cost per item',
        ['Actions', 'bp6-text-muted'],
      ]}
    >
      {links.map((l) => (
        <tr key={l.id}>
          <td>{linkLabel(l)}</td>
          <td>{l.recipeName}</td>
          <td>{amount(l.recipeYield)}</td>
          <td>{amount(l.unitsPerItem)}</td>
          <td>
            <LinkCosts link={l} />
          </td>
          <td>
            <IconButton
              icon="edit"
              label={`Edit link of ${linkLabel(l)}`}
              onClick={() => onEdit(l)}
            />
            <IconButton
              icon="trash"
              intent="danger"
              label={`Remove link of ${linkLabel(l)}`}
              onClick={() => onRemove(l)}
            />
          </td>
        </tr>
      ))}
    </HeadedTable>
  );
}
