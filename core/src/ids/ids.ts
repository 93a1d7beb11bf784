// Identifiers: what an id looks like, and the short number people read aloud.

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID (any version): checked before an id reaches the database. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** The order number customers and staff see: the last 8 characters of the id, upper case. */
export function orderNumber(orderId: string): string {
  return orderId.replace(/-/g, '').slice(-8).toUpperCase();
}

/**
 * The short order number in what someone typed ("#4CA071DC", "4ca071dc"),
 * upper case; null when it is not one (8 hexadecimal characters).
 */
export function parseOrderNumber(value: string | null | undefined): string | null {
  const match = /^#?([0-9a-f]{8})$/i.exec((value ?? '').trim());
  return match ? match[1]!.toUpperCase() : null;
}
