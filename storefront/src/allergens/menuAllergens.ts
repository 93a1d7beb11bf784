// The menu's allergens (issue 26), read from GET /api/menu: each item's,
// variant's, filling's and add-in's ingredients and Contains lines, and the
// customer's "Without:" choice, kept for the visit (session storage) so the
// menu and the order page hide the same items.
import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  parseWithout,
  PUBLIC_READS,
  safeWithout,
  type AllergenFacts,
  type AllergenId,
  type MenuItemAllergens,
} from '@bakery/core';
import { api } from '../api/client';

export type { AllergenFacts, MenuItemAllergens };

export const MENU_KEY = [PUBLIC_READS.menu.path] as const;
/**
 * GET /api/menu, read under MENU_KEY: its items with their allergen facts, as
 * the API's answer carries them (MenuView says "partial": the bare route of
 * routes/menu.ts leaves them out).
 */
export const readMenu = () =>
  api.call(PUBLIC_READS.menu) as Promise<{ version?: number; items: MenuItemAllergens[] }>;

/** Every item's allergens by id; empty until the menu answer arrives. */
export function useMenuAllergens(): ReadonlyMap<string, MenuItemAllergens> | null {
  const query = useQuery({ queryKey: MENU_KEY, queryFn: readMenu, staleTime: 60_000 });
  const items = query.data?.items;
  return items ? new Map(items.map((item) => [item.id, item])) : null;
}

/** The facts of an item with its choices: the add-in's or filling's, else the variant's, else the item's. */
export function factsFor(
  item: MenuItemAllergens | undefined,
  choice: { variantId?: string | null; filling?: string | null; addIn?: string | null } = {},
): AllergenFacts | undefined {
  if (!item) return undefined;
  const option =
    (choice.filling &&
      item.allergenOptions?.find((o) => o.kind === 'filling' && o.id === choice.filling)) ||
    (choice.addIn &&
      item.allergenOptions?.find((o) => o.kind === 'addIn' && o.id === choice.addIn));
  if (option) return option;
  const variant = item.variants?.find((v) => v.id === choice.variantId);
  return variant?.allergenInfo ? (variant as AllergenFacts) : item;
}

const STORAGE_KEY = 'allergen-without';
const listeners = new Set<() => void>();
let snapshot: { raw: string | null; ids: AllergenId[] } = { raw: null, ids: [] };

function readStored(): AllergenId[] {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): nothing kept.
  }
  if (raw !== snapshot.raw) snapshot = { raw, ids: parseWithout(raw) };
  return snapshot.ids;
}
const NONE: AllergenId[] = [];

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The allergens the customer avoids, shared by every screen of the visit. */
export function useWithout(): [AllergenId[], (ids: AllergenId[]) => void] {
  const without = useSyncExternalStore(subscribe, readStored, () => NONE);
  const set = (ids: AllergenId[]) => {
    try {
      sessionStorage.setItem(STORAGE_KEY, ids.join(','));
    } catch {
      // Storage refused: the choice lasts for this page.
      snapshot = { raw: ids.join(','), ids };
    }
    for (const listener of listeners) listener();
  };
  return [without, set];
}

/**
 * Whether to show an item to a customer avoiding `without`: while the
 * allergens are loading, everything is shown; an unknown item is hidden.
 */
export function shownWithout(
  allergens: ReadonlyMap<string, MenuItemAllergens> | null,
  id: string,
  without: readonly AllergenId[],
): boolean {
  if (without.length === 0 || !allergens) return true;
  const item = allergens.get(id);
  return (
    Boolean(item) &&
    safeWithout({ known: item!.allergenInfo.known, allergens: item!.allergens }, without)
  );
}
