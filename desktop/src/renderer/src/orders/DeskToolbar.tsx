// The desk's first toolbar: which orders the grid lists (due preset or day,
// search, status, method, the Overview's placed range) and how many.
import { DUE_PRESET_LABELS, formatLongDate, type DuePreset } from '@bakery/core';
import { Button, HTMLSelect, InputGroup, Tag } from '../ui/blueprint';
import type { DateRange } from '../dashboard/range';
import { DESK_STATUSES, type DeskFilters } from './deskParams';

const PRESETS: DuePreset[] = ['today', 'tomorrow', 'week', 'upcoming', 'all'];

export function DeskToolbar({
  filters,
  setFilters,
  search,
  setSearch,
  placed,
  clearPlaced,
  count,
}: {
  filters: DeskFilters;
  setFilters(patch: Partial<DeskFilters>): void;
  search: string;
  setSearch(value: string): void;
  placed: DateRange;
  clearPlaced(): void;
  count: { n: number; capped: boolean } | null;
}) {
  return (
    <div className="desk-bar" role="toolbar" aria-label="Which orders">
      <div className="bp6-button-group" role="group" aria-label="Due">
        {PRESETS.map((p) => (
          <Button
            key={p}
            text={p === 'upcoming' ? 'Coming days' : DUE_PRESET_LABELS[p]}
            active={filters.due === p}
            aria-pressed={filters.due === p}
            small
            onClick={() => setFilters({ due: p, day: null })}
          />
        ))}
      </div>
      <label className="inline-field" title="Due on a date">
        <input
          className="bp6-input bp6-small"
          type="date"
          aria-label="Due on date"
          value={filters.due === 'date' && filters.day ? filters.day : ''}
          onChange={(e) =>
            e.currentTarget.value
              ? setFilters({ due: 'date', day: e.currentTarget.value })
              : setFilters({ due: 'upcoming', day: null })
          }
        />
      </label>
      <InputGroup
        type="search"
        leftIcon="search"
        small
        placeholder="Name, phone, order #, street…"
        aria-label="Search orders"
        value={search}
        onValueChange={setSearch}
        style={{ width: 220 }}
      />
      <HTMLSelect
        aria-label="Status"
        value={filters.status}
        onChange={(e) => setFilters({ status: e.currentTarget.value })}
        options={DESK_STATUSES.map(([value, label]) => ({ value, label }))}
      />
      <HTMLSelect
        aria-label="Pickup or delivery"
        value={filters.method}
        onChange={(e) =>
          setFilters({ method: e.currentTarget.value as '' | 'pickup' | 'delivery' })
        }
        options={[
          { value: '', label: 'All methods' },
          { value: 'pickup', label: 'Pickup' },
          { value: 'delivery', label: 'Delivery' },
        ]}
      />
      {(placed.fromDate || placed.toDate) && (
        <Tag onRemove={clearPlaced} minimal intent="primary">
          Placed {placed.fromDate ? formatLongDate(placed.fromDate) : '…'} –{' '}
          {placed.toDate ? formatLongDate(placed.toDate) : '…'}
        </Tag>
      )}
      <span className="spacer" />
      <span className="muted" aria-live="polite" data-testid="desk-count">
        {count
          ? `${count.capped ? `${count.n.toLocaleString('en-US')}+` : count.n.toLocaleString('en-US')} ${count.n === 1 ? 'order' : 'orders'}`
          : ''}
      </span>
    </div>
  );
}
