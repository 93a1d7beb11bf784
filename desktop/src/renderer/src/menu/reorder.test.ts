import { describe, expect, it } from 'vitest';
import { dropPosition, moved } from './reorder';

describe('drag to reorder', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('puts the dragged one in the place of the one it is dropped on', () => {
    expect(dropPosition(ids, 'a', 'c')).toBe(2);
    expect(moved(ids, 'a', 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(dropPosition(ids, 'd', 'b')).toBe(1);
    expect(moved(ids, 'd', 1)).toEqual(['a', 'd', 'b', 'c']);
  });
  it('moves nothing dropped on itself or outside its siblings', () => {
    expect(dropPosition(ids, 'b', 'b')).toBeNull();
    expect(dropPosition(ids, 'b', 'x')).toBeNull();
    expect(dropPosition(ids, 'x', 'b')).toBeNull();
  });
});
