// Drag to reorder (issue 22): where a dragged item or category lands among
// its siblings, as the draft's PATCH { position } takes it (the row is taken
// out, then put back at that index: it takes the target's place).

/**
 * The position `dragged` takes when dropped on `target` among `ids` (the
 * siblings in their order), or null when nothing moves (dropped on itself,
 * or either is not among them: another category's item).
 */
export function dropPosition(
  ids: readonly string[],
  dragged: string,
  target: string,
): number | null {
  const from = ids.indexOf(dragged);
  const to = ids.indexOf(target);
  if (from < 0 || to < 0 || from === to) return null;
  return to;
}

/** The order of `ids` after `dragged` is moved to `position` (what the server will store). */
export function moved(ids: readonly string[], dragged: string, position: number): string[] {
  const rest = ids.filter((id) => id !== dragged);
  rest.splice(Math.min(position, rest.length), 0, dragged);
  return rest;
}
