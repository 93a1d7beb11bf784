// The Menu tab's calls (issue 22, docs/api.md): the draft with its
// differences from what is published, edits, publish, Undo, versions.
import type { MenuItemCreate, MenuPublishAnswer, MenuVersionPage } from '@bakery/core';
import type {
  CatalogueCategory,
  CatalogueItem,
  MenuChange as CoreMenuChange,
  MenuDraftView,
  MenuVersionView,
} from '@bakery/core';
import { api } from '../api/client';

export const DRAFT_KEY = ['/api/admin/menu'] as const;
export const VERSIONS_KEY = ['/api/admin/menu/versions'] as const;

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

export const getDraft = () => api<DraftView>('/api/admin/menu');
export const patchItem = (id: string, body: ItemPatch) =>
  api<CatalogueItem>(`/api/admin/menu/items/${encodeURIComponent(id)}`, { method: 'PATCH', body });
/** POST /api/admin/menu/items: a new item in the draft (customers see it on publish). */
export type NewItem = MenuItemCreate;
export const createItem = (body: NewItem) =>
  api<CatalogueItem>('/api/admin/menu/items', { method: 'POST', body });
/** DELETE /api/admin/menu/items/{id}: off the draft (gone from the shop on publish). */
export const deleteItem = (id: string) =>
  api<{ success: true }>(`/api/admin/menu/items/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
export const publish = () =>
  api<MenuPublishAnswer>('/api/admin/menu/publish', {
    method: 'POST',
    body: {},
  });
export const discard = () =>
  api<DraftView>('/api/admin/menu/discard', { method: 'POST', body: {} });
export const getVersions = () => api<MenuVersionPage>('/api/admin/menu/versions?limit=20');
export const restore = (id: string) =>
  api<MenuPublishAnswer>(`/api/admin/menu/versions/${id}/restore`, {
    method: 'POST',
    body: {},
  });

export type CategoryPatch = Partial<Omit<CatalogueCategory, 'id'>> & { position?: number };
export const patchCategory = (id: string, body: CategoryPatch) =>
  api<CatalogueCategory>(`/api/admin/menu/categories/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });
