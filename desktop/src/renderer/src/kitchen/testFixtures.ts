// For the kitchen tests: a link's per-option costs as the server answers them.
import type { LinkVariantCostView } from '@bakery/core';

/** Count options ("6 count", "12 count"…) costed by their size from what a 6-count costs. */
export const countCosts = (sixCountCost: number, counts: number[]): LinkVariantCostView[] =>
  counts.map((n) => ({
    variantId: `${n}-count`,
    variantLabel: `${n} count`,
    unitsPerItem: n,
    costPerItem: (sixCountCost * n) / 6,
    warning: null,
  }));
