// The Menu tab's calls (issue 22, docs/api.md): the draft with its
// differences from what is published, edits, publish, Undo, versions.
import { ROUTES, type MenuItemCreate } from '@bakery/core';
import type {
  CatalogueCategory,
  CatalogueItem,
  MenuChange as CoreMenuChange,
  MenuDraftView,
  MenuVersionView,
} from '@bakery/core';
import { client } from '../api/client';

export const DRAFT_KEY = [ROUTES.adminMenu.path] as const;
export const VERSIONS_KEY = [ROUTES.menuVersions.path] as const;

// The answers are core's wire types (issue 21: declared once, in core's contract).
export type MenuChange = CoreMenuChange;
export type VersionView = MenuVersionView;
export type DraftView = MenuDraftView;

/** An item's change; `variants: null` takes its sizes off (one price again). */
export type ItemPatch = Partial<Omit<CatalogueItem, 'id' | 'variants' | 'pieces'>> & {
  variants?: CatalogueItem['variants'] | null;
  /** null: by the rule (issue 37). */
  pieces?: number | null;
  position?: number;
};
export type { CatalogueCategory, CatalogueItem };

export const getDraft = () => client.call(ROUTES.adminMenu);
export const patchItem = (id: string, body: ItemPatch) =>
  client.call(ROUTES.updateMenuItem, { params: { id }, body });
/** POST /api/admin/menu/items: a new item in the draft (customers see it on publish). */
export type NewItem = MenuItemCreate;
export const createItem = (body: NewItem) => client.call(ROUTES.createMenuItem, { body });
/** DELETE /api/admin/menu/items/{id}: off the draft (gone from the shop on publish). */
export const deleteItem = (id: string) => client.call(ROUTES.deleteMenuItem, { params: { id } });
export const publish = () => client.call(ROUTES.publishMenu, { body: {} });
export const discard = () => client.call(ROUTES.discardMenuDraft, { body: {} });
export const getVersions = () => client.call(ROUTES.menuVersions, { query: { limit: 20 } });
export const restore = (id: string) =>
  client.call(ROUTES.restoreMenuVersion, { params: { id }, body: {} });

export type CategoryPatch = Partial<Omit<CatalogueCategory, 'id'>> & { position?: number };
export const patchCategory = (id: string, body: CategoryPatch) =>
  client.call(ROUTES.updateMenuCategory, { params: { id }, body });
