// The shop's settings (issue 22 part 4): one row (ShopSetting, id 1) holding
// core's ShopSettings document. Every API process keeps it in force in core
// (setShopSettings): loaded at start, and again whenever any process saves a
// change, which it announces with NOTIFY shop_settings in the same
// transaction (PostgreSQL delivers it after the commit, to every listener).
import pg from 'pg';
import {
  parseStoredShopSettings,
  setShopSettings,
  type ShopSettings,
  type ShopSettingsView,
} from '@bakery/core';
import { Prisma, type PrismaClient } from '@bakery/prisma';
import type { Logger } from '../contracts.js';
import { settingsRow } from '../../db/settingsRow.js';

export const SETTINGS_CHANNEL = 'shop_settings';

/** The stored settings (the defaults without a row), with when and by whom they were saved. */
export async function readShopSettings(
  prisma: Pick<PrismaClient, 'shopSetting'>,
): Promise<ShopSettingsView> {
  const row = await prisma.shopSetting.findUnique({ where: { id: 1 } });
  return {
    settings: parseStoredShopSettings(row?.settings ?? null),
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.updatedBy ?? null,
  };
}

/** Reads the stored settings and puts them in force in this process. */
export async function loadShopSettings(
  prisma: Pick<PrismaClient, 'shopSetting'>,
): Promise<ShopSettingsView> {
  const view = await readShopSettings(prisma);
  setShopSettings(view.settings);
  return view;
}

/**
 * Saves a checked settings document and announces it; in force here at once,
 * in the other processes when their listener hears it.
 */
export async function saveShopSettings(
  prisma: PrismaClient,
  settings: ShopSettings,
  updatedBy: string,
): Promise<ShopSettingsView> {
  const document = settings as unknown as Prisma.InputJsonValue;
  await prisma.$transaction(async (tx) => {
    await tx.shopSetting.upsert(settingsRow({ settings: document, updatedBy }));
    await tx.$executeRaw`SELECT pg_notify(${SETTINGS_CHANNEL}, '')`;
  });
  return loadShopSettings(prisma);
}

export interface SettingsListener {
  stop(): Promise<void>;
}

/**
 * LISTEN shop_settings on a connection of its own; each notice reloads the
 * settings. A lost connection is opened again (and the settings reloaded, in
 * case a change was missed meanwhile) after a short pause.
 */
export function listenForShopSettings(deps: {
  databaseUrl: string;
  prisma: PrismaClient;
  log: Logger;
  retryMs?: number;
  /** Also run on each notice (issue 38: the connections made in Settings). */
  onReload?: () => Promise<void>;
}): SettingsListener {
  const { databaseUrl, prisma, log } = deps;
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const reload = () =>
    Promise.all([loadShopSettings(prisma), deps.onReload?.()]).catch((error: unknown) =>
      log.warn('shop settings reload failed', { error: String(error) }),
    );

  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: databaseUrl });
    client = c;
    c.on('notification', (msg) => {
      if (msg.channel === SETTINGS_CHANNEL) void reload();
    });
    c.on('error', (error) => {
      log.warn('shop settings listener lost its connection', { error: String(error) });
      retry(c);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${SETTINGS_CHANNEL}`);
      await reload();
    } catch (error) {
      log.warn('shop settings listener could not connect', { error: String(error) });
      retry(c);
    }
  };

  const retry = (c: pg.Client) => {
    if (stopped || client !== c || timer) return;
    client = null;
    void c.end().catch(() => undefined);
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, deps.retryMs ?? 5000);
    timer.unref();
  };

  void connect();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
