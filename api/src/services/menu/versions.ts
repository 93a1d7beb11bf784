// Publishing the draft, the history of published versions, restoring one and
// discarding the draft (issue 22). Each is one transaction under the menu
// lock; the NOTIFY inside it reaches every API process at commit (live.ts).
import type { MenuVersionView } from '@bakery/core';
import {
  bakeryToday,
  kitchenUnitRows,
  MENU_MESSAGES,
  type CatalogueSnapshot,
  type MenuItemPatch,
} from '@bakery/core';
import type { Prisma, PrismaClient } from '@bakery/prisma';
import { badRequest, conflict, notFound } from '../../errors.js';
import { assertClaimKept } from '../allergens/admin.js';
import {
  canonical,
  canonicalItem,
  differences,
  lockMenu,
  readDraft,
  summaryOf,
  writeDraft,
} from './draft.js';
import { CANCELLED_PAYMENT } from '../../db/orderStates.js';
import { MENU_CHANNEL } from './channel.js';

export type VersionView = MenuVersionView;

type VersionRow = {
  id: string;
  number: number;
  publishedAt: Date;
  publishedBy: string | null;
  summary: string;
  restoredFrom: number | null;
};

async function views(
  db: PrismaClient | Prisma.TransactionClient,
  rows: VersionRow[],
): Promise<VersionView[]> {
  const ids = [...new Set(rows.map((r) => r.publishedBy).filter((x): x is string => Boolean(x)))];
  const users = ids.length
    ? await db.user.findMany({
        where: { id: { in: ids } },
        select: { id: true, firstName: true, lastName: true, email: true },
      })
    : [];
  const names = new Map(users.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.email]));
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    publishedAt: r.publishedAt.toISOString(),
    publishedBy: r.publishedBy
      ? { id: r.publishedBy, name: names.get(r.publishedBy) ?? 'A removed user' }
      : null,
    summary: r.summary,
    restoredFrom: r.restoredFrom,
  }));
}

const VERSION_COLUMNS = {
  id: true,
  number: true,
  publishedAt: true,
  publishedBy: true,
  summary: true,
  restoredFrom: true,
} as const;

export async function latestVersion(db: PrismaClient | Prisma.TransactionClient) {
  return db.menuVersion.findFirst({ orderBy: { number: 'desc' } });
}

/** GET /api/admin/menu/versions: newest first, `limit` (at most 100) before `before`. */
export async function listVersions(prisma: PrismaClient, limit: number, before?: number) {
  const [rows, live] = await Promise.all([
    prisma.menuVersion.findMany({
      where: before ? { number: { lt: before } } : {},
      orderBy: { number: 'desc' },
      take: limit + 1,
      select: { ...VERSION_COLUMNS, snapshot: true },
    }),
    latestVersion(prisma),
  ]);
  const page = rows.slice(0, limit);
  const liveSnapshot = live!.snapshot as unknown as CatalogueSnapshot;
  // Each version says what restoring it would change, so the restore question can list it.
  const changes = new Map(
    page.map((r) => [
      r.id,
      r.id === live!.id
        ? []
        : differences(liveSnapshot, r.snapshot as unknown as CatalogueSnapshot),
    ]),
  );
  return {
    versions: (await views(prisma, page)).map((v) => ({
      ...v,
      changesIfRestored: changes.get(v.id) ?? [],
    })),
    next: rows.length > limit ? page.at(-1)!.number : null,
  };
}

/** GET /api/admin/menu: the draft, what is published and what the draft changes. */
export async function draftView(prisma: PrismaClient) {
  const [draft, published, links] = await Promise.all([
    readDraft(prisma),
    latestVersion(prisma),
    prisma.productRecipe.findMany({ distinct: ['productId'], select: { productId: true } }),
  ]);
  const snapshot = published!.snapshot as unknown as CatalogueSnapshot;
  const [version] = await views(prisma, [published!]);
  return {
    draft,
    published: version!,
    changes: differences(snapshot, draft),
    recipeLinked: links.map((l) => l.productId).sort(),
  };
}

async function insertVersion(
  tx: Prisma.TransactionClient,
  snapshot: CatalogueSnapshot,
  userId: string,
  summary: string,
  restoredFrom: number | null,
) {
  const latest = await latestVersion(tx);
  const row = await tx.menuVersion.create({
    data: {
      number: (latest?.number ?? 0) + 1,
      publishedBy: userId,
      summary,
      restoredFrom,
      snapshot: snapshot as never,
    },
    select: VERSION_COLUMNS,
  });
  await syncKitchenUnits(tx, snapshot);
  await tx.$executeRaw`SELECT pg_notify(${MENU_CHANNEL}, ${String(row.number)})`;
  return (await views(tx, [row]))[0]!;
}

/**
 * The kitchen's unit table follows the published menu: the order triggers
 * count each day's load per category with it, so an item added (or moved to
 * another category, or given other sizes) counts against the day's limits
 * from its first order. Rows of items taken off the menu stay: their orders
 * still take kitchen time. When a row is added or changed, the load of the
 * days to come is counted again from their orders, with the table locked
 * against order writes meanwhile (a publish is rare; a submission waits for it).
 */
async function syncKitchenUnits(tx: Prisma.TransactionClient, snapshot: CatalogueSnapshot) {
  const rows = kitchenUnitRows(snapshot.items);
  const changed = await tx.$queryRaw<{ n: number }[]>`
    WITH wanted AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS w("productId" varchar, "variant" varchar, "category" varchar, "units" int)
    ), written AS (
      INSERT INTO "KitchenUnit" ("productId", "variant", "category", "units")
      SELECT "productId", "variant", "category", "units" FROM wanted
      ON CONFLICT ("productId", "variant") DO UPDATE
        SET "category" = EXCLUDED."category", "units" = EXCLUDED."units"
        WHERE ("KitchenUnit"."category", "KitchenUnit"."units")
          IS DISTINCT FROM (EXCLUDED."category", EXCLUDED."units")
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM written`;
  if (!changed[0]?.n) return;
  const today = bakeryToday();
  await tx.$executeRaw`LOCK TABLE "DailyKitchenLoad" IN EXCLUSIVE MODE`;
  await tx.$executeRaw`DELETE FROM "DailyKitchenLoad" WHERE "date" >= ${today}`;
  await tx.$executeRaw`
    INSERT INTO "DailyKitchenLoad" ("date", "category", "units")
    SELECT o."pickupDate", u."category", sum(u."units")
    FROM "Order" o CROSS JOIN LATERAL "bakery_kitchen_units"(o."items") u
    WHERE o."pickupDate" >= ${today} AND o."paymentStatus" <> ${CANCELLED_PAYMENT}
    GROUP BY 1, 2 HAVING sum(u."units") <> 0`;
}

/** Refusals before a snapshot goes live: alt text for every photo, the shop's promise (issue 26). */
async function checkPublishable(tx: Prisma.TransactionClient, snapshot: CatalogueSnapshot) {
  const missingAlt = snapshot.items.find((i) => i.image && !i.imageAlt.trim());
  if (missingAlt)
    throw badRequest(
      MENU_MESSAGES.imageAltRequired(missingAlt.name),
      {
        errors: [
          {
            path: `items.${missingAlt.id}.imageAlt`,
            message: MENU_MESSAGES.imageAltRequired(missingAlt.name),
          },
        ],
      },
      'validation_failed',
    );
  const shown = snapshot.items.filter((i) => !i.hidden);
  await assertClaimKept(
    tx,
    shown.map((i) => i.id),
    shown,
  );
}

/** POST /api/admin/menu/publish: the draft becomes the next version. */
export async function publishDraft(prisma: PrismaClient, userId: string) {
  return prisma.$transaction(
    async (tx) => {
      await lockMenu(tx);
      const draft = await readDraft(tx);
      const published = await latestVersion(tx);
      const changes = differences(published!.snapshot as unknown as CatalogueSnapshot, draft);
      if (changes.length === 0) throw conflict(MENU_MESSAGES.nothingToPublish, 'invalid_state');
      await checkPublishable(tx, draft);
      return { version: await insertVersion(tx, draft, userId, summaryOf(changes), null), changes };
    },
    { timeout: 20_000 },
  );
}

/** POST /api/admin/menu/versions/{id}/restore: an earlier version published again, as a new one. */
export async function restoreVersion(prisma: PrismaClient, id: string, userId: string) {
  return prisma.$transaction(
    async (tx) => {
      await lockMenu(tx);
      const old = await tx.menuVersion.findUnique({ where: { id } });
      if (!old) throw notFound(MENU_MESSAGES.versionNotFound);
      const snapshot = canonical(old.snapshot as unknown as CatalogueSnapshot);
      const published = await latestVersion(tx);
      // The live version again would publish an identical copy of it.
      if (published!.id === old.id)
        throw conflict(MENU_MESSAGES.alreadyLive(old.number), 'invalid_state');
      const changes = differences(published!.snapshot as unknown as CatalogueSnapshot, snapshot);
      // An older version with the live menu's very items: nothing to publish, the draft kept.
      if (changes.length === 0)
        throw conflict(MENU_MESSAGES.sameAsLive(old.number, published!.number), 'invalid_state');
      await checkPublishable(tx, snapshot);
      await writeDraft(tx, snapshot);
      const summary = `Restored version ${old.number}: ${summaryOf(changes)}`;
      return {
        version: await insertVersion(tx, snapshot, userId, summary.slice(0, 2000), old.number),
        changes,
      };
    },
    { timeout: 20_000 },
  );
}

/** POST /api/admin/menu/discard: the draft back to what is published (Undo). */
export async function discardDraft(prisma: PrismaClient) {
  await prisma.$transaction(
    async (tx) => {
      await lockMenu(tx);
      const published = await latestVersion(tx);
      await writeDraft(tx, canonical(published!.snapshot as unknown as CatalogueSnapshot));
    },
    { timeout: 20_000 },
  );
}

/**
 * An admin's sold-out mark (markSoldOut): saved in the draft and published at
 * once on top of the live version (nothing else of the draft goes with it).
 */
export async function publishSoldOut(
  prisma: PrismaClient,
  id: string,
  patch: Pick<MenuItemPatch, 'soldOutUntil' | 'soldOutDates'>,
  userId: string,
) {
  return prisma.$transaction(
    async (tx) => {
      await lockMenu(tx);
      const row = await tx.menuItem.findUnique({ where: { id } });
      if (!row) throw notFound(MENU_MESSAGES.notFound(id));
      await tx.menuItem.update({ where: { id }, data: patch });
      const published = await latestVersion(tx);
      const before = canonical(published!.snapshot as unknown as CatalogueSnapshot);
      const index = before.items.findIndex((i) => i.id === id);
      const draftItem = (await readDraft(tx)).items.find((i) => i.id === id)!;
      if (index < 0) return { item: draftItem, version: null };
      const after = {
        ...before,
        items: before.items.map((item, i) =>
          i === index ? canonicalItem({ ...item, ...patch }) : item,
        ),
      };
      const changes = differences(before, after);
      if (changes.length === 0) return { item: draftItem, version: null };
      return {
        item: draftItem,
        version: await insertVersion(tx, after, userId, summaryOf(changes), null),
      };
    },
    { timeout: 20_000 },
  );
}
