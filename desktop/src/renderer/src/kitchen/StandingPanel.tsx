// Standing orders (issue 41): the owner's view of what regulars are promised.
// Active subscribers, per item and day for the next four weeks the units of
// standing orders beside one-off orders (all days, or one picked), the dates
// that could not take an occurrence, the owner's settings (items picked from
// the menu by name), and "Book now" (the booking job at once).
import { useState } from 'react';
import { can } from '@bakery/core';
import { Button, Card, H5, Tag } from '../ui/blueprint';
import { QueryStatus } from '../ui/QueryStatus';
import { HolidayForm, SettingsForm } from './StandingForms';
import { ALL_DAYS, PromisedTable, RefusedTable } from './StandingTables';
import { count, exportStandingOrders, useStanding } from './useStanding';

export function StandingPanel({ role }: { role: string }) {
  const { panel, run } = useStanding();
  // One day's units at a time reads like the bake sheet; "All days" shows the four weeks.
  const [shownDay, setShownDay] = useState(ALL_DAYS);
  if (!panel.data) return <QueryStatus query={panel} what="standing orders" />;
  const view = panel.data;
  return (
    <div className="kitchen-panel">
      <Card>
        <H5>Standing orders</H5>
        <p>
          <Tag large minimal>
            {count(view.activeSubscribers, 'active subscriber')}
          </Tag>{' '}
          <Tag large minimal>
            {count(view.activeStandingOrders, 'standing order')}
          </Tag>
        </p>
        <Button icon="refresh" loading={run.isPending} onClick={() => run.mutate()}>
          Book now
        </Button>{' '}
        <Button icon="export" onClick={() => void exportStandingOrders()}>
          Export to Excel
        </Button>
      </Card>
      <PromisedTable view={view} shownDay={shownDay} onShowDay={setShownDay} />
      <RefusedTable refused={view.refused} />
      {can(role, 'manageSettings') ? <HolidayForm /> : null}
      {can(role, 'manageSettings') ? <SettingsForm settings={view.settings} /> : null}
    </div>
  );
}
