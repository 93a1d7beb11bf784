// Drops and pickup windows (issue 25): the owner's drops (create, edit,
// "Duplicate for next week", delete before any order), the checkout hold
// minutes, and the windows per weekday with their limits. Staff read. The
// rules and messages are core's; the server enforces them.
import { useState, type FormEvent } from 'react';
import {
  can,
  menuCategories,
  menuItems,
  DropInputSchema,
  HoldMinutesSchema,
  WEEKDAY_NAMES,
  WindowInputSchema,
  WHOLE_KITCHEN,
  windowLabel,
  type PublicDropView,
} from '@bakery/core';
import { Button, Card, Checkbox, H5, HTMLSelect } from '../ui/blueprint';
import { selectBinder, TextField, textBinder } from '../ui/fields';
import { QueryStatus } from '../ui/QueryStatus';
import { DropsTable, WindowsTable } from './DropsTables';
import { useDrops } from './useDrops';
import { FormAlert } from './shared';

/** One quantity of the drop: one item, or a group of items sharing it ("12 pies of any kind"). */
interface UnitRow {
  label: string;
  /** Picked from the published menu by name (issue 37), never typed. */
  productIds: string[];
  quantity: string;
  /** The text that narrows the item list. */
  search: string;
}
/** A quantity's text fields, in order (the ids and labels of later rows are numbered). */
const UNIT_FIELDS = [
  { key: 'label', id: 'label', label: 'Label' },
  { key: 'quantity', id: 'quantity', label: 'Quantity', inputMode: 'numeric' },
] as const;
const emptyUnit: UnitRow = { label: '', productIds: [], quantity: '', search: '' };

const emptyDrop = {
  id: '',
  name: '',
  opensAt: '',
  closesAt: '',
  /** One `<input type="date">` each (issue 37). */
  pickupDates: [''],
  units: [emptyUnit],
  /** The windows it is picked up in; none = every window of its days. */
  windowIds: [] as string[],
  /** Shown on the shop's home page and menu (issue 37). */
  announce: true,
};

/** A datetime-local value ("2026-11-27T09:00", the machine's zone) as an ISO instant. */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : '');
const localOf = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** The published menu's items (hidden ones left out), with their sizes in words. */
const menuChoices = () =>
  menuItems()
    .filter((item) => !item.hidden)
    .map((item) => ({
      id: item.id,
      name: item.name,
      sizes: (item.variants ?? []).map((v) => v.label).join(', '),
    }));

/**
 * A quantity's items, picked from the menu by name (issue 37): a search
 * field narrows the list; ticked items stay shown.
 */
function ItemPicker({
  unit,
  n,
  id,
  onChange,
}: {
  unit: UnitRow;
  n: string;
  id: string;
  onChange(change: Partial<UnitRow>): void;
}) {
  const needle = unit.search.trim().toLowerCase();
  const choices = menuChoices().filter(
    (c) => unit.productIds.includes(c.id) || !needle || c.name.toLowerCase().includes(needle),
  );
  return (
    <>
      <TextField
        id={`drop-search${id}`}
        label={`Find an item${n}`}
        hint="Tick one item, or several that share the quantity (12 pies of any kind)"
        type="search"
        value={unit.search}
        onChange={(search) => onChange({ search })}
      />
      <div role="group" aria-label={`Items${n}`} className="drop-items">
        {choices.map((c) => (
          <Checkbox
            key={c.id}
            checked={unit.productIds.includes(c.id)}
            labelElement={
              <>
                {c.name}
                {c.sizes && <span className="muted"> (sizes: {c.sizes})</span>}
              </>
            }
            aria-label={c.name}
            onChange={(e) =>
              onChange({
                productIds: e.currentTarget.checked
                  ? [...unit.productIds, c.id]
                  : unit.productIds.filter((p) => p !== c.id),
              })
            }
          />
        ))}
        {choices.length === 0 && <p className="muted">No menu item matches “{unit.search}”.</p>}
      </div>
    </>
  );
}

/** A window's two time fields, in half hours. */
const WINDOW_ENDS = [
  ['start', 'From'],
  ['end', 'To'],
] as const;

export function DropsPanel({ role }: { role: string }) {
  const isOwner = can(role, 'manageKitchen');
  const [form, setForm] = useState(emptyDrop);
  const [hold, setHold] = useState('');
  const [win, setWin] = useState({
    weekday: '6',
    start: '08:00',
    end: '10:00',
    scope: '*',
    units: '',
  });
  const [error, setError] = useState<string | null>(null);
  const bindDrop = textBinder(form, setForm);
  const bindWindow = textBinder(win, setWin);
  const bindWindowSelect = selectBinder(win, setWin);
  const {
    drops,
    windows,
    saveDrop,
    duplicate,
    remove,
    releaseHolds,
    saveHold,
    addWindow,
    removeWindow,
  } = useDrops({ onDropSaved: () => setForm(emptyDrop), onHoldSaved: () => setHold('') });

  if (!drops.data) return <QueryStatus query={drops} what="drops" />;

  const submitDrop = (e: FormEvent) => {
    e.preventDefault();
    const parsed = DropInputSchema.safeParse({
      name: form.name,
      opensAt: isoOf(form.opensAt),
      closesAt: isoOf(form.closesAt),
      pickupDates: form.pickupDates.filter(Boolean),
      windowIds: form.windowIds,
      announce: form.announce,
      units: form.units.map((unit) => ({
        label: unit.label || form.name,
        productIds: unit.productIds,
        quantity: Number(unit.quantity),
      })),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the drop');
    setError(null);
    saveDrop.mutate({ id: form.id, body: parsed.data });
  };
  const edit = (drop: PublicDropView) =>
    setForm({
      id: drop.id,
      name: drop.name,
      opensAt: localOf(drop.opensAt),
      closesAt: localOf(drop.closesAt),
      pickupDates: drop.pickupDates.length ? [...drop.pickupDates] : [''],
      windowIds: drop.windowIds,
      announce: drop.announce,
      units: drop.units.length
        ? drop.units.map((u) => ({
            label: u.label,
            productIds: [...u.productIds],
            quantity: String(u.quantity),
            search: '',
          }))
        : [emptyUnit],
    });
  const setUnit = (index: number, change: Partial<UnitRow>) =>
    setForm((f) => ({
      ...f,
      units: f.units.map((unit, i) => (i === index ? { ...unit, ...change } : unit)),
    }));
  const setDate = (index: number, value: string) =>
    setForm((f) => ({
      ...f,
      pickupDates: f.pickupDates.map((d, i) => (i === index ? value : d)),
    }));
  const toggleWindow = (id: string, on: boolean) =>
    setForm((f) => ({
      ...f,
      windowIds: on ? [...f.windowIds, id] : f.windowIds.filter((w) => w !== id),
    }));
  const submitHold = (e: FormEvent) => {
    e.preventDefault();
    const parsed = HoldMinutesSchema.safeParse({ holdMinutes: Number(hold) });
    if (parsed.success) saveHold.mutate(parsed.data);
  };
  const submitWindow = (e: FormEvent) => {
    e.preventDefault();
    const parsed = WindowInputSchema.safeParse({
      weekday: Number(win.weekday),
      start: win.start,
      end: win.end,
      fulfillment: 'pickup',
      limits: win.units.trim() === '' ? {} : { [win.scope]: Number(win.units) },
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the window');
    setError(null);
    addWindow.mutate(parsed.data);
  };

  return (
    <div className="two-col">
      <Card>
        <H5>Drops</H5>
        <p className="muted">
          A drop opens at a set time with a fixed quantity of each item for the pickup dates it
          serves. Customers can ask to be e-mailed when it opens.
        </p>
        <DropsTable
          drops={drops.data.drops}
          isOwner={isOwner}
          edit={edit}
          duplicate={duplicate}
          releaseHolds={releaseHolds}
          remove={remove}
        />
        {isOwner && (
          <form onSubmit={submitDrop} aria-label={form.id ? 'Edit the drop' : 'New drop'}>
            <H5 style={{ marginTop: 12 }}>{form.id ? `Edit ${form.name}` : 'New drop'}</H5>
            <FormAlert message={error} />
            <TextField id="drop-name" label="Name" {...bindDrop('name')} />
            <TextField
              id="drop-opens"
              label="Orders open"
              type="datetime-local"
              {...bindDrop('opensAt')}
            />
            <TextField
              id="drop-closes"
              label="Orders close"
              type="datetime-local"
              {...bindDrop('closesAt')}
            />
            <fieldset className="drop-dates">
              <legend>Pickup dates</legend>
              {form.pickupDates.map((date, index) => {
                const n = index === 0 ? '' : ` ${index + 1}`;
                return (
                  <div key={index} className="range-bar">
                    <TextField
                      id={`drop-date${index === 0 ? '' : `-${index + 1}`}`}
                      label={`Pickup date${n}`}
                      inline
                      type="date"
                      value={date}
                      onChange={(v) => setDate(index, v)}
                    />
                    {form.pickupDates.length > 1 && (
                      <Button
                        minimal
                        text={`Remove pickup date${n || ' 1'}`}
                        onClick={() =>
                          setForm((f) => ({
                            ...f,
                            pickupDates: f.pickupDates.filter((_, i) => i !== index),
                          }))
                        }
                      />
                    )}
                  </div>
                );
              })}
              <Button
                minimal
                icon="plus"
                text="Add another date"
                onClick={() => setForm((f) => ({ ...f, pickupDates: [...f.pickupDates, ''] }))}
              />
            </fieldset>
            {form.units.map((unit, index) => {
              // The first row keeps plain labels ("Items"); the others are numbered.
              const n = index === 0 ? '' : ` ${index + 1}`;
              const id = index === 0 ? '' : `-${index + 1}`;
              return (
                <fieldset key={index} className="drop-unit">
                  <legend>{index === 0 ? 'Quantities' : `Quantity${n}`}</legend>
                  <ItemPicker
                    unit={unit}
                    n={n}
                    id={id}
                    onChange={(change) => setUnit(index, change)}
                  />
                  {UNIT_FIELDS.map(({ key, label, ...field }) => (
                    <TextField
                      key={key}
                      {...field}
                      id={`drop-${field.id}${id}`}
                      label={`${label}${n}`}
                      value={unit[key]}
                      onChange={(v) => setUnit(index, { [key]: v })}
                    />
                  ))}
                  {form.units.length > 1 && (
                    <Button
                      minimal
                      text={`Remove quantity${n || ' 1'}`}
                      onClick={() =>
                        setForm((f) => ({ ...f, units: f.units.filter((_, i) => i !== index) }))
                      }
                    />
                  )}
                </fieldset>
              );
            })}
            <Button
              minimal
              icon="plus"
              text="Add another quantity"
              onClick={() => setForm((f) => ({ ...f, units: [...f.units, emptyUnit] }))}
            />
            {(windows.data ?? []).length > 0 && (
              <fieldset className="drop-windows">
                <legend>Picked up in (none ticked: every window of its days)</legend>
                {(windows.data ?? []).map((w) => (
                  <Checkbox
                    key={w.id}
                    checked={form.windowIds.includes(w.id)}
                    label={`${WEEKDAY_NAMES[w.weekday]} ${windowLabel(w)}`}
                    onChange={(e) => toggleWindow(w.id, e.currentTarget.checked)}
                  />
                ))}
              </fieldset>
            )}
            <Checkbox
              checked={form.announce}
              label="Announce it on the shop's home page and menu (with its page for everyone)"
              onChange={(e) => setForm((f) => ({ ...f, announce: e.currentTarget.checked }))}
            />
            <Button
              type="submit"
              intent="primary"
              text={form.id ? 'Save the drop' : 'Create the drop'}
              loading={saveDrop.isPending}
            />
            {form.id && <Button minimal text="Cancel" onClick={() => setForm(emptyDrop)} />}
          </form>
        )}
      </Card>
      <Card>
        <H5>Checkout hold</H5>
        <p>
          Drop items are held for <strong>{drops.data.holdMinutes} minutes</strong> while a customer
          checks out.
        </p>
        {isOwner && (
          <form onSubmit={submitHold} aria-label="Hold minutes" className="range-bar">
            <TextField
              id="hold-minutes"
              label="Minutes (3 to 30)"
              inline
              inputMode="numeric"
              value={hold}
              onChange={setHold}
            />
            <Button type="submit" text="Save" loading={saveHold.isPending} />
          </form>
        )}
        <H5 style={{ marginTop: 16 }}>Pickup windows</H5>
        <p className="muted">
          A weekday without windows keeps the half-hour slots. A window's limit is in units per
          category, or for the whole kitchen.
        </p>
        <WindowsTable windows={windows.data} isOwner={isOwner} removeWindow={removeWindow} />
        {isOwner && (
          <form onSubmit={submitWindow} aria-label="Add a window" className="range-bar">
            <HTMLSelect
              aria-label="Day"
              {...bindWindowSelect('weekday')}
              options={WEEKDAY_NAMES.map((d, i) => ({ value: String(i), label: d }))}
            />
            {WINDOW_ENDS.map(([end, label]) => (
              <TextField
                key={end}
                id={`window-${end}`}
                label={label}
                inline
                type="time"
                step={1800}
                {...bindWindow(end)}
              />
            ))}
            <HTMLSelect
              aria-label="Limit for"
              {...bindWindowSelect('scope')}
              options={[
                { value: WHOLE_KITCHEN, label: 'Whole kitchen' },
                ...menuCategories().map((c) => ({ value: c.id, label: c.label })),
              ]}
            />
            <TextField
              id="window-units"
              label="Units"
              inline
              inputMode="numeric"
              {...bindWindow('units')}
            />
            <Button type="submit" text="Add window" loading={addWindow.isPending} />
          </form>
        )}
      </Card>
    </div>
  );
}
