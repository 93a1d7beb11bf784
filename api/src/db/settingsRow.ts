// A settings table (backups, unpaid orders, booking, drops, labels, security,
// the shop) holds one row, id 1, written by an upsert of that row.

/** The upsert arguments that write `data` into a settings table's one row. */
export const settingsRow = <T extends object>(data: T) => ({
  where: { id: 1 },
  create: { id: 1, ...data },
  update: data,
});

/**
 * The settings a table's one row holds, by the keys of `defaults` (its id and
 * updatedAt left out), or a copy of `defaults` while no row is stored.
 */
export function storedOrDefault<T extends object>(row: T | null, defaults: T): T {
  if (!row) return { ...defaults };
  return Object.fromEntries(Object.keys(defaults).map((key) => [key, row[key as keyof T]])) as T;
}
