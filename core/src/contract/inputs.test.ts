import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './inputs';

describe('order page cursors', () => {
  const end = {
    createdAt: new Date('2026-11-26T14:02:03.456Z'),
    id: 'a1b2c3d4-0000-4000-8000-00000000000f',
  };

  it('read back the page end they were made from, in URL-safe characters', () => {
    const cursor = encodeCursor(end);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(end);
  });

  it('are base64url of [createdAt, id], as the server sent them before', () => {
    const json = JSON.stringify([end.createdAt.toISOString(), end.id]);
    const earlier = btoa(json).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(encodeCursor(end)).toBe(earlier);
    expect(decodeCursor(earlier)).toEqual(end);
  });

  it('name nothing for text that is not one', () => {
    for (const bad of ['', 'not a cursor', btoa('[1,2]'), btoa('["x","y"]'), '%%%'])
      expect(decodeCursor(bad), bad).toBeNull();
  });
});
