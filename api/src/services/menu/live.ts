// The published menu in this process (issue 22). At the first request the
// latest MenuVersion is read (the seed is written first on a fresh
// database) and handed to core's setCatalogue, which every pricing rule and
// the menu answer read. A publish NOTIFYs MENU_CHANNEL in its transaction;
// each API process LISTENs and reloads at once, then renders the storefront's
// pages again (pages.ts, in a worker thread) so the first paint shows the
// new prices. No restart, no rebuild.
import {
  bakeryToday,
  centsToDollars,
  currentCatalogue,
  DEFAULT_SHOP_SETTINGS,
  itemAvailability,
  maxQuantityOf,
  menuCategories,
  menuItems,
  onShopSettings,
  photoSizes,
  setCatalogue,
  shopSettings,
  withDefaults,
  type CatalogueSnapshot,
} from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import pg from 'pg';
import { cachedJson, type CachedAnswer } from '../cachedJson.js';
import type { Logger } from '../contracts.js';
import { MENU_CHANNEL } from './channel.js';
import { ensureSeeded } from './draft.js';
import { renderPagesSoon, stopRenderer, warmRenderer } from './pages.js';

interface LiveState {
  version: number;
  publishedAt: Date;
}

let state: LiveState | null = null;
let loading: Promise<void> | null = null;
let listener: pg.Client | null = null;
let closed = false;
const waiters = new Set<{ version: number; resolve: () => void }>();

export interface MenuRuntime {
  prisma: PrismaClient;
  databaseUrl: string;
  storefrontDist: string;
  log: Logger;
  /** Start the page renderer at once (a server, not a test). */
  warm?: boolean;
}
let runtime: MenuRuntime | null = null;

/** The published version this process serves (0 before the first load). */
export const liveVersion = (): number => state?.version ?? 0;

/** Reads the latest version and makes it live (a no-op when it already is). */
export async function reloadMenu(): Promise<void> {
  if (!runtime) return;
  const { prisma, log, storefrontDist } = runtime;
  const latest = await prisma.menuVersion.findFirst({ orderBy: { number: 'desc' } });
  if (!latest || latest.number === state?.version) return;
  const first = state === null;
  setCatalogue({ ...(latest.snapshot as unknown as CatalogueSnapshot), version: latest.number });
  state = { version: latest.number, publishedAt: latest.publishedAt };
  for (const w of waiters)
    if (w.version <= latest.number) {
      waiters.delete(w);
      w.resolve();
    }
  log.info('menu version live', { version: latest.number });
  // A fresh install's version 1 with the spec's settings is what the build prerendered.
  if (!(first && latest.number === 1 && settingsAreDefault()))
    renderPagesSoon(storefrontDist, currentCatalogue(), log);
}

const settingsAreDefault = () =>
  JSON.stringify(shopSettings()) === JSON.stringify(withDefaults(DEFAULT_SHOP_SETTINGS));

// The shop's settings change the pages too (name, hours, fees in the footer
// and on About): a change after the menu is live renders them again.
let watchingSettings = false;
function watchSettings(): void {
  if (watchingSettings) return;
  watchingSettings = true;
  let seen = JSON.stringify(shopSettings());
  onShopSettings((settings) => {
    const now = JSON.stringify(settings);
    if (now === seen) return;
    seen = now;
    if (runtime && state) renderPagesSoon(runtime.storefrontDist, currentCatalogue(), runtime.log);
  });
}

async function listen(rt: MenuRuntime): Promise<void> {
  if (closed) return;
  const client = new pg.Client({ connectionString: rt.databaseUrl });
  client.on('error', () => undefined);
  client.on('notification', () => {
    void reloadMenu().catch((error: unknown) =>
      rt.log.warn('menu reload failed', { error: String(error) }),
    );
  });
  client.on('end', () => {
    if (listener !== client || closed) return;
    listener = null;
    // The connection dropped (a database restart): listen again, and read what may have been missed.
    const retry = setTimeout(() => {
      void listen(rt)
        .then(reloadMenu)
        .catch(() => undefined);
    }, 2000);
    retry.unref();
  });
  await client.connect();
  await client.query(`LISTEN ${MENU_CHANNEL}`);
  listener = client;
}

/**
 * Koa middleware placed before anything that reads the catalogue: the first
 * request of a process waits for the published menu (and starts listening).
 */
export function menuReady(rt: MenuRuntime) {
  return async function awaitMenu(_ctx: unknown, next: () => Promise<void>) {
    if (!state) {
      runtime = rt;
      closed = false;
      loading ??= (async () => {
        await ensureSeeded(rt.prisma);
        watchSettings();
        await reloadMenu();
        if (rt.warm) warmRenderer(rt.storefrontDist);
        await listen(rt).catch((error: unknown) =>
          rt.log.warn('menu LISTEN failed: other processes publish unseen', {
            error: String(error),
          }),
        );
      })().finally(() => {
        loading = null;
      });
      await loading;
    }
    await next();
  };
}

/** Resolves once this process serves `version` (or later). */
export function whenLive(version: number): Promise<void> {
  if ((state?.version ?? 0) >= version) return Promise.resolve();
  return new Promise((resolve) => waiters.add({ version, resolve }));
}

/** Stops listening (shutdown). */
export async function closeMenu(): Promise<void> {
  closed = true;
  const client = listener;
  listener = null;
  await client?.end().catch(() => undefined);
  await stopRenderer();
}

// ------------------------------------------------------------------ the answer

let memo: { catalogue: CatalogueSnapshot; day: string; body: PublicMenu } | null = null;

export type PublicMenu = ReturnType<typeof buildMenu>;

function buildMenu(today: string) {
  const categories = menuCategories();
  const shown = new Set(categories.map((c) => c.id));
  return {
    version: liveVersion(),
    categories: categories.map((c) => ({ ...c, images: photoSizes(c.image) })),
    items: menuItems()
      .filter((item) => !item.hidden && shown.has(item.category))
      // The stated allergen fields stay behind: the answer carries the facts
      // built from them (menuAnswer.ts: ingredients, allergens, mayContain).
      .map(({ contains: _contains, mayContain: _mayContain, ingredients: _text, ...item }) => {
        const availability = itemAvailability(item, null, today);
        return {
          ...item,
          price: centsToDollars(item.priceCents),
          maxQuantity: maxQuantityOf(item),
          available: availability.available,
          availability,
          images: photoSizes(item.image),
          ...(item.variants
            ? {
                variants: item.variants.map((variant) => ({
                  ...variant,
                  price: centsToDollars(variant.priceCents),
                })),
              }
            : // Absent on the wire (JSON leaves undefined out); typed as MenuView's.
              { variants: undefined }),
        };
      }),
  };
}

/** GET /api/menu's body: the same object while the catalogue and the bakery's day are unchanged. */
export function publicMenu(): PublicMenu {
  const catalogue = currentCatalogue();
  const day = bakeryToday();
  if (!memo || memo.catalogue !== catalogue || memo.day !== day)
    memo = { catalogue, day, body: buildMenu(day) };
  return memo.body;
}

export const CATALOGUE_CACHE_CONTROL = 'public, no-cache';
let published: { catalogue: CatalogueSnapshot; answer: CachedAnswer } | null = null;

/**
 * GET /api/catalogue (issue 22): the published catalogue as the pages embed
 * it, which an open order page reads when GET /api/availability names a
 * newer version. Compressed and ETagged once per version.
 */
export const publishedCatalogueAnswer = {
  live(): Promise<CachedAnswer> {
    const catalogue = currentCatalogue();
    if (published?.catalogue !== catalogue)
      published = { catalogue, answer: cachedJson(catalogue, CATALOGUE_CACHE_CONTROL) };
    return Promise.resolve(published.answer);
  },
};
