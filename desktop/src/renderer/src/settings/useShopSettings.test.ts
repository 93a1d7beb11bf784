// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { issuesOf } from './useShopSettings';

describe('issuesOf', () => {
  it("puts the server's 400 issues under their field paths", () => {
    const err = new ApiError(
      400,
      JSON.stringify({
        message: 'Check the settings',
        errors: [
          { path: 'taxRatePercent', message: 'Up to 3 decimals' },
          { path: 'hours.mon.closes', message: 'Closes after it opens' },
        ],
      }),
    );
    expect(issuesOf(err)).toEqual({
      taxRatePercent: 'Up to 3 decimals',
      'hours.mon.closes': 'Closes after it opens',
    });
  });

  it('names no field for any other failure', () => {
    expect(issuesOf(new ApiError(500, 'oops'))).toEqual({});
    expect(issuesOf(new ApiError(400, JSON.stringify({ message: 'No' })))).toEqual({});
    expect(issuesOf(new Error('offline'))).toEqual({});
  });
});
