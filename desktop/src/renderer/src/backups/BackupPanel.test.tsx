// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKUP_MESSAGES } from '@bakery/core';
import { renderScreen, stubFetch } from '../test/harness';
import { BackupPanel } from './BackupPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings = { time: '02:00', keepDaily: 14, keepWeekly: 8 };
const unpaid = { releaseAfterHours: 48, warnBeforeHours: 12, maxOpenUnpaid: 5 };
const newest = {
  name: 'bakery-20261125T070000Z.dump',
  size: 2_500_000,
  takenAt: '2026-11-25T07:00:00.000Z',
  media: { name: 'bakery-20261125T070000Z.media.tar.gz', size: 12_600_000 },
};
const list = (over: object) => ({
  backups: [newest],
  newest,
  ageHours: 3,
  stale: false,
  warning: null,
  settings,
  folder: '/srv/bakery/.data/backups',
  lastError: null,
  lastRunAt: null,
  ...over,
});

describe('Backups', () => {
  it('shows the newest backup, its size and age, and takes one now', async () => {
    const calls = stubFetch({
      'GET /api/admin/backups': () => [200, list({})],
      'GET /api/admin/unpaid-orders/settings': () => [200, unpaid],
      'POST /api/admin/backups': () => [201, { ...newest, name: 'bakery-20261125T150000Z.dump' }],
    });
    renderScreen(<BackupPanel />);
    expect(await screen.findByText('Last backup 3 hours ago')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2.4 MB');
    expect(screen.getByRole('button', { name: `Download ${newest.name}` })).toBeInTheDocument();
    expect(screen.getByLabelText('Release after (hours)')).toHaveValue('48');
    // Issue 22: the photos taken with it are a download of their own.
    fireEvent.click(screen.getByRole('button', { name: `Download photos ${newest.media.name}` }));
    expect(screen.getByText('Download photos (12.0 MB)')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.path === `/api/admin/backups/${newest.name}/photos`)).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back up now' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/backups')).toBe(true),
    );
  });

  it('warns when the newest backup is older than 26 hours, and shows a failed night', async () => {
    stubFetch({
      'GET /api/admin/backups': () => [
        200,
        list({
          ageHours: 50,
          stale: true,
          warning: BACKUP_MESSAGES.stale(50),
          lastError: 'pg_dump: connection refused',
        }),
      ],
      'GET /api/admin/unpaid-orders/settings': () => [200, unpaid],
    });
    renderScreen(<BackupPanel />);
    expect(await screen.findByText('The newest backup is too old')).toBeInTheDocument();
    expect(screen.getByText(/50 hours old/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('pg_dump: connection refused');
  });
});
