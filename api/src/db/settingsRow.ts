// A settings table (backups, unpaid orders, booking, drops, labels, security,
// the shop) holds one row, id 1, written by an upsert of that row.

/** The upsert arguments that write `data` into a settings table's one row. */
export const settingsRow = <T extends object>(data: T) => ({
  where: { id: 1 },
  create: { id: 1, ...data },
  update: data,
});
