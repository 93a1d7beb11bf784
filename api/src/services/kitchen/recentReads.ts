// Reads a process may answer from for a second (issue 25): in a rush,
// hundreds of requests that need the same small, rarely changed rows (a
// date's drops, the owner's windows) share one query instead of one each.

/** How long a process trusts what it read. */
export const FAST_READ_MS = 1000;

export type RecentReads<T> = Map<string, { at: number; read: Promise<T> }>;

/**
 * `read()` shared by every caller within FAST_READ_MS of the first: the
 * cache keeps at most 200 keys, and a read that fails is not kept.
 */
export function readAtMostEverySecond<T>(
  cache: RecentReads<T>,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  const cached = cache.get(key);
  if (cached && Date.now() - cached.at <= FAST_READ_MS) return cached.read;
  if (cache.size > 200) cache.clear();
  const entry = { at: Date.now(), read: read() };
  cache.set(key, entry);
  entry.read.catch(() => cache.delete(key));
  return entry.read;
}
