// The Overview tab: the connections to set up, today's pickups, and the
// statistics' figure cards for the range (spec 7).
import { can, type StatsView } from '@bakery/core';
import { ConnectionsNotice } from './ConnectionsNotice';
import { QualityMetrics, StatCards } from './StatCards';
import { TodayPanel } from './TodayPanel';

export function OverviewPanel({
  role,
  stats,
  openSettings,
}: {
  role: string;
  /** The statistics' query. */
  stats: { data?: StatsView; isFetching: boolean; error: unknown };
  openSettings(): void;
}) {
  return (
    <>
      <ConnectionsNotice isOwner={can(role, 'manageSettings')} openSettings={openSettings} />
      <TodayPanel />
      <StatCards stats={stats.data} loading={stats.isFetching} error={stats.error} />
      <QualityMetrics stats={stats.data} />
    </>
  );
}
