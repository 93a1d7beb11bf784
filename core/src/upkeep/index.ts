// Upkeep: nightly backups and the release of unpaid orders (issue 27).
export * from './backups';
export * from './unpaidOrders';
