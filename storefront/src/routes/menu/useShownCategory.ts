// The category a menu screen shows (the menu page and the order page's
// products): the chosen one, else the first shown, else an empty banner when
// every category is hidden; and its items after the "Without:" filter.
import { itemsInCategory, menuCategories, type CategoryId } from '@bakery/core';
import { useAllergenFilter } from '../../allergens/ItemAllergens';

const NOTHING_SHOWN = { id: '', label: 'Nothing on the menu right now', image: '', imageAlt: '' };

export function useShownCategory(category: CategoryId) {
  const current =
    menuCategories().find((c) => c.id === category) ?? menuCategories()[0] ?? NOTHING_SHOWN;
  const allergens = useAllergenFilter(itemsInCategory(current.id));
  return { current, allergens };
}
