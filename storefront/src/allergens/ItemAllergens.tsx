// One line where a screen shows allergens (issue 26): the disclosure of one
// item with its choices, and the filter with the items it leaves shown.
import type { ReactElement } from 'react';
import { AllergenDisclosure } from './AllergenDisclosure';
import { AllergenFilter } from './AllergenFilter';
import { factsFor, shownWithout, useMenuAllergens, useWithout } from './menuAllergens';

/** "Ingredients & allergens" of an item with the chosen variant, filling or add-in. */
export function ItemAllergens({
  productId,
  choice,
}: {
  productId: string;
  choice?: { variantId?: string | null; filling?: string | null; addIn?: string | null };
}) {
  const allergens = useMenuAllergens();
  const [without] = useWithout();
  return (
    <AllergenDisclosure facts={factsFor(allergens?.get(productId), choice)} avoided={without} />
  );
}

/** The "Without:" filter and the items it leaves shown. */
export function useAllergenFilter<T extends { id: string }>(
  items: readonly T[],
): { shown: T[]; filter: ReactElement } {
  const allergens = useMenuAllergens();
  const [without, setWithout] = useWithout();
  const shown = items.filter((item) => shownWithout(allergens, item.id, without));
  return {
    shown,
    filter: (
      <AllergenFilter value={without} onChange={setWithout} hidden={items.length - shown.length} />
    ),
  };
}
