// The owner's draft of the menu (issue 22): the MenuCategory, MenuItem and
// MenuItemVariant rows, read as core's CatalogueSnapshot, edited one call at
// a time (each in one transaction), compared with what is published.
import type { MenuChange } from '@bakery/core';
import {
  DEFAULT_MAX_QUANTITY,
  fromPriceCents,
  formatCents,
  formatLongDate,
  WEEKDAY_NAMES,
  allergenLabel,
  isAllergenId,
  MENU_MESSAGES,
  SEED_CATALOGUE,
  type CatalogueCategory,
  type CatalogueItem,
  type CatalogueSnapshot,
  type MenuCategoryCreate,
  type MenuCategoryPatch,
  type MenuItemCreate,
  type MenuItemPatch,
  type VariantId,
} from '@bakery/core';
import type { Prisma, PrismaClient } from '@bakery/prisma';
import { conflict, fieldError, notFound } from '../../errors.js';
import type { Db } from '../../db/types.js';

/** One lock for every write to the draft and the versions (publish, restore, seed). */
export const lockMenu = (tx: Prisma.TransactionClient) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(2207)`;

/** An item as stored in a snapshot: only the fields it sets, in one order (so equal items compare equal). */
export function canonicalItem(item: CatalogueItem): CatalogueItem {
  const out: CatalogueItem = {
    id: item.id,
    name: item.name,
    description: item.description,
    category: item.category,
    priceCents: item.priceCents,
    image: item.image ?? null,
    imageAlt: item.imageAlt,
  };
  // The default limit is the same as none: saying 10 where nothing was said
  // is no change (the draft would list a "maximum quantity" nobody made).
  if (
    item.maxQuantity !== undefined &&
    item.maxQuantity !== null &&
    item.maxQuantity !== DEFAULT_MAX_QUANTITY
  )
    out.maxQuantity = item.maxQuantity;
  if (item.variants?.length)
    out.variants = item.variants.map(({ pieces, ...v }) => (pieces ? { ...v, pieces } : v));
  if (item.fillings) out.fillings = true;
  if (item.addIns) out.addIns = true;
  if (item.hidden) out.hidden = true;
  if (item.soldOutUntil) out.soldOutUntil = item.soldOutUntil;
  if (item.soldOutDates?.length) out.soldOutDates = [...item.soldOutDates].sort();
  if (item.availableFrom) out.availableFrom = item.availableFrom;
  if (item.availableUntil) out.availableUntil = item.availableUntil;
  if (item.weekdays?.length) out.weekdays = [...new Set(item.weekdays)].sort();
  if (item.ingredients?.trim()) out.ingredients = item.ingredients.trim();
  if (item.contains?.length) out.contains = [...item.contains];
  if (item.mayContain?.length) out.mayContain = [...item.mayContain];
  if (item.pieces) out.pieces = item.pieces;
  if (item.pieceName?.trim()) out.pieceName = item.pieceName.trim();
  return out;
}

export function canonicalCategory(c: CatalogueCategory): CatalogueCategory {
  const out: CatalogueCategory = {
    id: c.id,
    label: c.label,
    image: c.image ?? null,
    imageAlt: c.imageAlt,
  };
  if (c.hidden) out.hidden = true;
  return out;
}

export const canonical = (s: CatalogueSnapshot): CatalogueSnapshot => ({
  categories: s.categories.map(canonicalCategory),
  items: s.items.map(canonicalItem),
});

/** The owner's order of categories, and of items within one: by position, ties by id. */
const OWNERS_ORDER: { position?: 'asc'; id?: 'asc' }[] = [{ position: 'asc' }, { id: 'asc' }];

/** The draft, as a snapshot (categories and items in the owner's order). */
export async function readDraft(db: Db): Promise<CatalogueSnapshot> {
  const [categories, items] = await Promise.all([
    db.menuCategory.findMany({ orderBy: OWNERS_ORDER }),
    db.menuItem.findMany({
      include: { variants: { orderBy: { position: 'asc' } } },
      orderBy: OWNERS_ORDER,
    }),
  ]);
  const order = new Map(categories.map((c, i) => [c.id, i]));
  items.sort((a, b) => (order.get(a.categoryId) ?? 0) - (order.get(b.categoryId) ?? 0));
  // The canonical forms take a snapshot's fields from the rows and leave the
  // rest (positions, timestamps) behind.
  return {
    categories: categories.map((c) => canonicalCategory({ ...c, id: c.id as never })),
    items: items.map((row) =>
      canonicalItem({
        ...row,
        category: row.categoryId as never,
        maxQuantity: row.maxQuantity ?? undefined,
        contains: row.contains.filter(isAllergenId),
        mayContain: row.mayContain.filter(isAllergenId),
        pieces: row.pieces ?? undefined,
        variants: row.variants.map((v) => ({
          id: v.id as VariantId,
          label: v.label,
          priceCents: v.priceCents,
          pieces: v.pieces ?? undefined,
        })),
      }),
    ),
  };
}

/** Replaces the draft by a snapshot (the seed, a restored version, Undo). */
export async function writeDraft(tx: Prisma.TransactionClient, snapshot: CatalogueSnapshot) {
  await tx.menuItemVariant.deleteMany({});
  await tx.menuItem.deleteMany({});
  await tx.menuCategory.deleteMany({});
  await tx.menuCategory.createMany({
    data: snapshot.categories.map((c, position) => ({
      id: c.id,
      label: c.label,
      image: c.image ?? null,
      imageAlt: c.imageAlt ?? '',
      hidden: Boolean(c.hidden),
      position,
    })),
  });
  const positions = new Map<string, number>();
  await tx.menuItem.createMany({
    data: snapshot.items.map((item) => {
      const position = positions.get(item.category) ?? 0;
      positions.set(item.category, position + 1);
      return itemRow(item, position);
    }),
  });
  await tx.menuItemVariant.createMany({
    data: snapshot.items.flatMap((item) =>
      (item.variants ?? []).map((v, position) => ({
        itemId: item.id,
        id: v.id,
        label: v.label,
        priceCents: v.priceCents,
        pieces: v.pieces ?? null,
        position,
      })),
    ),
  });
}

function itemRow(item: CatalogueItem, position: number) {
  return {
    id: item.id,
    categoryId: item.category,
    name: item.name,
    description: item.description ?? '',
    priceCents: fromPriceCents(item),
    maxQuantity: item.maxQuantity ?? null,
    fillings: Boolean(item.fillings),
    addIns: Boolean(item.addIns),
    image: item.image ?? null,
    imageAlt: item.imageAlt ?? '',
    hidden: Boolean(item.hidden),
    soldOutUntil: item.soldOutUntil ?? null,
    soldOutDates: item.soldOutDates ?? [],
    availableFrom: item.availableFrom ?? null,
    availableUntil: item.availableUntil ?? null,
    weekdays: item.weekdays ?? [],
    ingredients: item.ingredients ?? '',
    contains: item.contains ?? [],
    mayContain: item.mayContain ?? [],
    pieces: item.pieces ?? null,
    pieceName: item.pieceName ?? '',
    position,
  };
}

/** Version 1 of a fresh install: the seed, published, and the draft equal to it. */
export async function ensureSeeded(prisma: PrismaClient): Promise<void> {
  if ((await prisma.menuVersion.count()) > 0) return;
  await prisma.$transaction(async (tx) => {
    await lockMenu(tx);
    if ((await tx.menuVersion.count()) > 0) return;
    const seed = canonical(SEED_CATALOGUE);
    await writeDraft(tx, seed);
    await tx.menuVersion.create({
      data: {
        number: 1,
        summary: `The first menu (${seed.items.length} items in ${seed.categories.length} categories)`,
        snapshot: seed as never,
      },
    });
  });
}

async function checkCategory(db: Db, id: string) {
  if (!(await db.menuCategory.findUnique({ where: { id } })))
    throw fieldError('category', MENU_MESSAGES.unknownCategory(id));
}

/** Moves `id` to `position` among its siblings (rows renumbered 0…n). */
async function reorder(
  siblings: { id: string }[],
  id: string,
  position: number,
  save: (id: string, position: number) => Promise<unknown>,
) {
  const rest = siblings.map((s) => s.id).filter((x) => x !== id);
  rest.splice(Math.min(position, rest.length), 0, id);
  for (const [index, x] of rest.entries()) await save(x, index);
}

export async function createItem(prisma: PrismaClient, input: MenuItemCreate) {
  return prisma.$transaction(async (tx) => {
    await lockMenu(tx);
    if (await tx.menuItem.findUnique({ where: { id: input.id } }))
      throw fieldError('id', MENU_MESSAGES.duplicateId(input.id));
    await checkCategory(tx, input.category);
    const count = await tx.menuItem.count({ where: { categoryId: input.category } });
    const item = canonicalItem({
      description: '',
      imageAlt: '',
      image: null,
      priceCents: input.variants?.length
        ? fromPriceCents({ priceCents: 0, ...input })
        : (input.priceCents ?? 0),
      ...input,
      variants: input.variants ?? undefined,
      category: input.category as never,
    } as CatalogueItem);
    await tx.menuItem.create({ data: itemRow(item, input.position ?? count) });
    await saveVariants(tx, item.id, item.variants ?? []);
    if (input.position !== undefined) await moveItem(tx, item.id, input.category, input.position);
    return item;
  });
}

async function saveVariants(
  tx: Prisma.TransactionClient,
  itemId: string,
  variants: CatalogueItem['variants'] & object,
) {
  await tx.menuItemVariant.deleteMany({ where: { itemId } });
  if (variants.length)
    await tx.menuItemVariant.createMany({
      data: variants.map((v, position) => ({
        itemId,
        id: v.id,
        label: v.label,
        priceCents: v.priceCents,
        pieces: v.pieces ?? null,
        position,
      })),
    });
}

async function moveItem(
  tx: Prisma.TransactionClient,
  id: string,
  categoryId: string,
  position: number,
) {
  const siblings = await tx.menuItem.findMany({
    where: { categoryId },
    orderBy: OWNERS_ORDER,
    select: { id: true },
  });
  await reorder(siblings, id, position, (x, p) =>
    tx.menuItem.update({ where: { id: x }, data: { position: p } }),
  );
}

export async function updateItem(prisma: PrismaClient, id: string, patch: MenuItemPatch) {
  return prisma.$transaction(async (tx) => {
    await lockMenu(tx);
    const row = await tx.menuItem.findUnique({ where: { id } });
    if (!row) throw notFound(MENU_MESSAGES.notFound(id));
    if (patch.category !== undefined) await checkCategory(tx, patch.category);
    const from = patch.availableFrom !== undefined ? patch.availableFrom : row.availableFrom;
    const until = patch.availableUntil !== undefined ? patch.availableUntil : row.availableUntil;
    if (from && until && until < from) throw fieldError('availableUntil', MENU_MESSAGES.dateOrder);
    const { variants, category, position, ...fields } = patch;
    const data: Prisma.MenuItemUpdateInput = { ...fields };
    if (category !== undefined && category !== row.categoryId) {
      data.category = { connect: { id: category } };
      data.position = await tx.menuItem.count({ where: { categoryId: category } });
    }
    if (variants !== undefined) {
      await saveVariants(tx, id, variants ?? []);
      // The card's "From" price: the lowest size's.
      if (variants?.length && patch.priceCents === undefined)
        data.priceCents = fromPriceCents({ priceCents: 0, variants });
    }
    await tx.menuItem.update({ where: { id }, data });
    if (position !== undefined) await moveItem(tx, id, category ?? row.categoryId, position);
    const draft = await readDraft(tx);
    return draft.items.find((i) => i.id === id)!;
  });
}

/** Takes an item off the draft (published versions and past orders keep it). */
export async function deleteItem(prisma: PrismaClient, id: string) {
  await prisma.$transaction(async (tx) => {
    await lockMenu(tx);
    const row = await tx.menuItem.findUnique({ where: { id } });
    if (!row) throw notFound(MENU_MESSAGES.notFound(id));
    await tx.menuItem.delete({ where: { id } });
  });
}

export async function createCategory(prisma: PrismaClient, input: MenuCategoryCreate) {
  return prisma.$transaction(async (tx) => {
    await lockMenu(tx);
    if (await tx.menuCategory.findUnique({ where: { id: input.id } }))
      throw fieldError('id', MENU_MESSAGES.duplicateCategoryId(input.id));
    const count = await tx.menuCategory.count();
    await tx.menuCategory.create({
      data: {
        id: input.id,
        label: input.label,
        image: input.image ?? null,
        imageAlt: input.imageAlt ?? '',
        hidden: input.hidden ?? false,
        position: count,
      },
    });
    if (input.position !== undefined) await moveCategory(tx, input.id, input.position);
    return (await readDraft(tx)).categories.find((c) => c.id === input.id)!;
  });
}

async function moveCategory(tx: Prisma.TransactionClient, id: string, position: number) {
  const all = await tx.menuCategory.findMany({ orderBy: OWNERS_ORDER, select: { id: true } });
  await reorder(all, id, position, (x, p) =>
    tx.menuCategory.update({ where: { id: x }, data: { position: p } }),
  );
}

export async function updateCategory(prisma: PrismaClient, id: string, patch: MenuCategoryPatch) {
  return prisma.$transaction(async (tx) => {
    await lockMenu(tx);
    if (!(await tx.menuCategory.findUnique({ where: { id } })))
      throw notFound(MENU_MESSAGES.categoryNotFound(id));
    const { position, ...fields } = patch;
    await tx.menuCategory.update({ where: { id }, data: fields });
    if (position !== undefined) await moveCategory(tx, id, position);
    return (await readDraft(tx)).categories.find((c) => c.id === id)!;
  });
}

export async function deleteCategory(prisma: PrismaClient, id: string) {
  await prisma.$transaction(async (tx) => {
    await lockMenu(tx);
    const row = await tx.menuCategory.findUnique({ where: { id } });
    if (!row) throw notFound(MENU_MESSAGES.categoryNotFound(id));
    const count = await tx.menuItem.count({ where: { categoryId: id } });
    if (count > 0)
      throw conflict(MENU_MESSAGES.categoryNotEmpty(row.label, count), 'invalid_state');
    await tx.menuCategory.delete({ where: { id } });
  });
}

// ---------------------------------------------------------------- differences

export type { MenuChange } from '@bakery/core';

const FIELD_WORDS: Record<string, string> = {
  name: 'name',
  description: 'description',
  category: 'category',
  priceCents: 'price',
  variants: 'sizes and prices',
  maxQuantity: 'maximum quantity',
  fillings: 'fillings',
  addIns: 'add-ins',
  image: 'photo',
  imageAlt: 'alt text',
  hidden: 'hidden',
  soldOutUntil: 'sold out until',
  soldOutDates: 'sold-out dates',
  availableFrom: 'available from',
  availableUntil: 'available until',
  weekdays: 'weekdays',
  ingredients: 'ingredients',
  contains: 'allergens',
  mayContain: 'may contain',
  pieces: 'pieces per item',
  pieceName: 'piece name',
  label: 'label',
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function fieldText(field: string, before: CatalogueItem, after: CatalogueItem): string {
  if (field === 'priceCents')
    return `price ${formatCents(before.priceCents)} → ${formatCents(after.priceCents)}`;
  if (field === 'variants') {
    const parts = [
      ...(after.variants ?? []).map((v) => {
        const old = before.variants?.find((o) => o.id === v.id);
        if (!old) return `added ${v.label} ${formatCents(v.priceCents)}`;
        return [
          old.label !== v.label ? `${old.label} renamed ${v.label}` : null,
          old.priceCents !== v.priceCents
            ? `${v.label} ${formatCents(old.priceCents)} → ${formatCents(v.priceCents)}`
            : null,
        ]
          .filter(Boolean)
          .join(', ');
      }),
      ...(before.variants ?? [])
        .filter((o) => !after.variants?.some((v) => v.id === o.id))
        .map((o) => `removed ${o.label}`),
    ].filter(Boolean);
    return parts.length ? parts.join(', ') : 'sizes reordered';
  }
  if (field === 'hidden') return after.hidden ? 'hidden' : 'shown';
  // Dates and days in words, as the owner reads them.
  if (field === 'soldOutUntil')
    return after.soldOutUntil
      ? `sold out until ${formatLongDate(after.soldOutUntil)}`
      : 'no longer sold out';
  if (field === 'availableFrom')
    return after.availableFrom
      ? `available from ${formatLongDate(after.availableFrom)}`
      : 'no first day';
  if (field === 'availableUntil')
    return after.availableUntil
      ? `available until ${formatLongDate(after.availableUntil)}`
      : 'no last day';
  if (field === 'soldOutDates')
    return after.soldOutDates?.length
      ? `sold out on ${after.soldOutDates.map((d) => formatLongDate(d)).join(', ')}`
      : 'no sold-out days';
  if (field === 'weekdays')
    return after.weekdays?.length
      ? `only on ${after.weekdays.map((d) => WEEKDAY_NAMES[d]).join(', ')}`
      : 'every day';
  if (field === 'maxQuantity')
    return `maximum per order ${before.maxQuantity ?? DEFAULT_MAX_QUANTITY} → ${after.maxQuantity ?? DEFAULT_MAX_QUANTITY}`;
  if (field === 'name') return `renamed ${after.name}`;
  if (field === 'pieces')
    return after.pieces ? `${after.pieces} pieces per item` : 'pieces per item by the rule';
  if (field === 'contains')
    return after.contains?.length
      ? `contains ${after.contains.map(allergenLabel).join(', ')}`
      : 'contains no major allergen';
  if (field === 'mayContain')
    return after.mayContain?.length
      ? `may contain ${after.mayContain.map(allergenLabel).join(', ')}`
      : 'no "may contain"';
  return FIELD_WORDS[field] ?? field;
}

/** What the draft changes against the published snapshot, item by item. */
export function differences(published: CatalogueSnapshot, draft: CatalogueSnapshot): MenuChange[] {
  const changes: MenuChange[] = [];
  // One line per difference: the fields are named for a change of fields only.
  const note = (
    kind: MenuChange['kind'],
    of: MenuChange['of'],
    id: string,
    name: string,
    text: string,
    fields: string[] = [],
  ) => changes.push({ kind, of, id, name, fields, text });
  const a = canonical(published);
  const b = canonical(draft);
  const oldCats = new Map(a.categories.map((c) => [c.id, c]));
  const newCats = new Map(b.categories.map((c) => [c.id, c]));
  for (const c of b.categories) {
    const old = oldCats.get(c.id);
    if (!old) note('added', 'category', c.id, c.label, `Added category ${c.label}`);
    else {
      const fields = (['label', 'image', 'imageAlt', 'hidden'] as const).filter(
        (f) => !same(old[f], c[f]),
      );
      if (fields.length)
        note(
          'changed',
          'category',
          c.id,
          c.label,
          `${c.label}: ${fields.map((f) => FIELD_WORDS[f]).join(', ')}`,
          fields,
        );
    }
  }
  for (const c of a.categories)
    if (!newCats.has(c.id))
      note('removed', 'category', c.id, c.label, `Removed category ${c.label}`);
  if (
    !same(
      a.categories.map((c) => c.id).filter((id) => newCats.has(id)),
      b.categories.map((c) => c.id).filter((id) => oldCats.has(id)),
    )
  )
    note('moved', 'category', '', '', 'Categories reordered');

  const oldItems = new Map(a.items.map((i) => [i.id, i]));
  const newItems = new Map(b.items.map((i) => [i.id, i]));
  for (const item of b.items) {
    const old = oldItems.get(item.id);
    if (!old) {
      note(
        'added',
        'item',
        item.id,
        item.name,
        `Added ${item.name} (${formatCents(item.priceCents)})`,
      );
      continue;
    }
    const keys = new Set([...Object.keys(old), ...Object.keys(item)]);
    const fields = [...keys].filter(
      (k) => k !== 'id' && !same(old[k as keyof CatalogueItem], item[k as keyof CatalogueItem]),
    );
    // A price that follows the first variant's is said once, with the variants.
    const shown = fields.includes('variants') ? fields.filter((f) => f !== 'priceCents') : fields;
    if (shown.length)
      note(
        'changed',
        'item',
        item.id,
        item.name,
        `${old.name}: ${shown.map((f) => fieldText(f, old, item)).join('; ')}`,
        fields,
      );
  }
  for (const item of a.items)
    if (!newItems.has(item.id)) note('removed', 'item', item.id, item.name, `Removed ${item.name}`);
  for (const c of b.categories) {
    const before = a.items
      .filter((i) => i.category === c.id && newItems.has(i.id))
      .map((i) => i.id);
    const after = b.items
      .filter(
        (i) => i.category === c.id && oldItems.has(i.id) && oldItems.get(i.id)!.category === c.id,
      )
      .map((i) => i.id);
    if (
      !same(
        before.filter((id) => after.includes(id)),
        after,
      )
    )
      note('moved', 'item', c.id, c.label, `${c.label}: items reordered`);
  }
  return changes;
}

/** The history line of a version: its changes in words, cut to fit the column. */
export function summaryOf(changes: readonly MenuChange[]): string {
  const text = changes.map((c) => c.text).join('; ');
  return text.length > 1990
    ? `${text.slice(0, 1980)}… (${changes.length} changes)`
    : text || 'No changes';
}
