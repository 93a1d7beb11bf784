// What a screen shows while its data loads or when loading failed: a named
// spinner, or the server's message (or `failed`) in a red callout.
import { Callout, Spinner } from '@blueprintjs/core';
import { messageOf } from '../api/client';

export function QueryStatus({
  query,
  what,
  small,
}: {
  query: { isLoading: boolean; error: unknown };
  /** What is loading, e.g. "margins": "Loading margins", "Failed to load margins". */
  what: string;
  small?: boolean;
}) {
  if (query.isLoading)
    return <Spinner size={small ? 16 : undefined} aria-label={`Loading ${what}`} />;
  if (query.error)
    return <Callout intent="danger">{messageOf(query.error, `Failed to load ${what}`)}</Callout>;
  return null;
}
