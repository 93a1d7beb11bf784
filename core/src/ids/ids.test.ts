import { describe, expect, it } from 'vitest';
import { isUuid, orderNumber } from './ids';

describe('ids', () => {
  it.each([
    ['3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', true],
    ['3F1C2D4E-5A6B-4C7D-8E9F-0A1B2C3D4E5F', true],
    ['3f1c2d4e5a6b4c7d8e9f0a1b2c3d4e5f', false],
    ['not-an-id', false],
    ['3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f\u0000', false],
    [42, false],
  ])('isUuid(%j) is %s', (value, expected) => expect(isUuid(value)).toBe(expected));

  it('numbers an order by the last 8 characters of its id, upper case', () => {
    expect(orderNumber('3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f')).toBe('2C3D4E5F');
  });
});
