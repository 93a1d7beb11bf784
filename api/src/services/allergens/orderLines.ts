// The allergens of what was ordered (issue 26): each order line is stored
// with its Contains and May contain lines as they were when it was ordered
// (or changed), so My Orders and the order mails show what the customer
// bought, even after a recipe changes.
import {
  ASK_ABOUT_ALLERGENS,
  isAllergenId,
  lineStatement,
  type AllergenId,
  type LineAllergenInfo,
} from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import { currentAllergens, type KitchenAllergens } from './statements.js';

export interface LineAllergens {
  allergens: AllergenId[];
  allergenInfo: LineAllergenInfo;
}

type OrderLine = {
  productId: string;
  variant?: string | null;
  filling?: string | null;
  addIn?: string | null;
};

/** The lines with their allergens, from the kitchen's current statements. */
export async function withLineAllergens<T extends OrderLine>(
  db: PrismaClient,
  items: readonly T[],
): Promise<(T & LineAllergens)[]> {
  return linesWithAllergens((await currentAllergens(db)).byProduct, items);
}

/** The same from statements already read (inside a transaction: no second connection). */
export function linesWithAllergens<T extends OrderLine>(
  byProduct: KitchenAllergens['byProduct'],
  items: readonly T[],
): (T & LineAllergens)[] {
  return items.map((line) => {
    const a = byProduct.get(line.productId);
    const s = lineStatement(a, {
      variantId: line.variant,
      filling: line.filling,
      addIn: line.addIn,
    });
    return {
      ...line,
      allergens: s?.known ? s.allergens : [],
      allergenInfo: {
        known: Boolean(s?.known),
        contains: s?.known ? s.contains : null,
        mayContain: s?.known ? s.mayContainLine : null,
        note: a?.exception ?? null,
      },
    };
  });
}

/** A stored line's allergens, or null for a line stored before issue 26. */
export function storedLineAllergens(raw: unknown): LineAllergens | null {
  const line = (raw ?? {}) as Record<string, unknown>;
  const info = line.allergenInfo as Partial<LineAllergenInfo> | undefined;
  if (!info || typeof info !== 'object') return null;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    allergens: Array.isArray(line.allergens)
      ? line.allergens.filter((id): id is AllergenId => typeof id === 'string' && isAllergenId(id))
      : [],
    allergenInfo: {
      known: info.known === true,
      contains: text(info.contains),
      mayContain: text(info.mayContain),
      note: text(info.note),
    },
  };
}

/** The words a mail or receipt prints for a line: "Contains: Eggs · May contain: Peanuts". */
export function lineAllergenText(raw: unknown): string | null {
  const stored = storedLineAllergens(raw);
  if (!stored) return null;
  const { known, contains, mayContain, note } = stored.allergenInfo;
  if (!known) return ASK_ABOUT_ALLERGENS;
  return [contains ?? 'No major allergens', mayContain, note].filter(Boolean).join(' · ');
}
