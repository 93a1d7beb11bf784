// The Menu tab (issue 22, docs/desktop.md "Changing the menu"): the
// categories and their items in one grid, the selected item's editor beside
// it with its storefront card at 375 px, filters, the draft's differences
// from what is published, Publish and Undo, and the published versions with
// Restore. The owner changes everything (manageMenu); an admin marks items
// sold out (markSoldOut), which goes live at once. The owner reorders items
// by dragging a row's handle in the grid and categories by dragging them in
// the category strip; the arrow buttons do the same from the keyboard.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { can } from '@bakery/core';
import { messageOf } from '../api/client';
import {
  Button,
  Callout,
  Card,
  HTMLSelect,
  NonIdealState,
  SegmentedControl,
} from '../ui/blueprint';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { optionsWithEvery } from '../ui/fields';
import { toast } from '../ui/toaster';
import { ItemEditor } from './ItemEditor';
import { NewItemDialog } from './NewItemDialog';
import { CategoryEditor, CategoryOrder } from './MenuCategories';
import { FILTERS, MenuGrid, type Filter } from './MenuGrid';
import {
  discard,
  DRAFT_KEY,
  getDraft,
  getVersions,
  publish,
  restore,
  VERSIONS_KEY,
  type VersionView,
} from './menuApi';
import { VersionHistory } from './VersionHistory';
import './menu.css';

export function MenuTab({ role }: { role: string }) {
  const owner = can(role, 'manageMenu');
  const client = useQueryClient();
  const draft = useQuery({ queryKey: DRAFT_KEY, queryFn: getDraft });
  const versions = useQuery({ queryKey: VERSIONS_KEY, queryFn: getVersions });
  const [filter, setFilter] = useState<Filter>('all');
  const [category, setCategory] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<null | 'publish' | 'undo' | VersionView>(null);
  const [adding, setAdding] = useState(false);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: DRAFT_KEY });
    void client.invalidateQueries({ queryKey: VERSIONS_KEY });
  };
  const act = useMutation({
    mutationFn: async (what: 'publish' | 'undo' | VersionView) => {
      if (what === 'publish') return `Version ${(await publish()).version.number} is live`;
      if (what === 'undo') {
        await discard();
        return 'The draft is back to what is published';
      }
      return `Version ${(await restore(what.id)).version.number} is live (version ${what.number} restored)`;
    },
    onSuccess: (message) => {
      toast('Menu', message, 'success');
      refresh();
    },
    onError: (error) => toast('Menu', messageOf(error, 'Failed to change the menu')),
    onSettled: () => setConfirm(null),
  });

  const data = draft.data;
  const selected = data?.draft.items.find((i) => i.id === selectedId) ?? null;

  return (
    <div className="menu-tab">
      {draft.error && (
        <Callout intent="danger">{messageOf(draft.error, 'Failed to load the menu')}</Callout>
      )}
      <div className="menu-toolbar" role="toolbar" aria-label="Menu actions">
        <SegmentedControl
          options={FILTERS}
          value={filter}
          onValueChange={(v) => setFilter(v as Filter)}
          small
        />
        <HTMLSelect
          aria-label="Category"
          value={category}
          onChange={(e) => setCategory(e.currentTarget.value)}
          options={optionsWithEvery('All categories', data?.draft.categories ?? [])}
        />
        <span className="menu-status">
          {data &&
            (data.changes.length
              ? `${data.changes.length} change${data.changes.length === 1 ? '' : 's'} not published`
              : `Published: version ${data.published.number}`)}
        </span>
        {owner && (
          <>
            <Button icon="add" text="New item" disabled={!data} onClick={() => setAdding(true)} />
            <Button
              intent="primary"
              icon="cloud-upload"
              text="Publish"
              disabled={!data?.changes.length || act.isPending}
              onClick={() => setConfirm('publish')}
            />
            <Button
              icon="undo"
              text="Undo"
              disabled={!data?.changes.length || act.isPending}
              onClick={() => setConfirm('undo')}
            />
          </>
        )}
      </div>
      {owner && data && (
        <CategoryOrder
          draft={data}
          chosen={category}
          onChoose={(id) => setCategory(id === category ? '' : id)}
          onSaved={refresh}
        />
      )}
      {owner && data && category && (
        <CategoryEditor
          key={JSON.stringify(data.draft.categories)}
          id={category}
          draft={data}
          onSaved={refresh}
        />
      )}
      {data && data.changes.length > 0 && (
        <Callout intent="warning" title="Not published yet" className="menu-changes">
          <ul aria-label="Draft changes">
            {data.changes.map((c, i) => (
              <li key={`${c.id}-${i}`}>{c.text}</li>
            ))}
          </ul>
        </Callout>
      )}
      <div className="split">
        <MenuGrid
          draft={data}
          loading={draft.isLoading}
          owner={owner}
          category={category}
          filter={filter}
          onSelect={setSelectedId}
          onSaved={refresh}
        />
        <Card className="detail">
          {selected && data ? (
            <ItemEditor
              key={`${selected.id}-${JSON.stringify(selected)}`}
              item={selected}
              draft={data}
              owner={owner}
              onSaved={refresh}
              onDeleted={() => {
                setSelectedId(null);
                refresh();
              }}
            />
          ) : (
            <NonIdealState
              icon="shop"
              title="Choose an item"
              description="Its editor and its storefront card appear here."
            />
          )}
        </Card>
      </div>
      <VersionHistory
        versions={versions.data?.versions ?? []}
        owner={owner}
        onRestore={(v) => setConfirm(v)}
      />
      <p className="muted menu-settings-link">
        The shop&apos;s name, hours, pickup slots, fees and tax rate are on the Settings screen.
      </p>
      {adding && data && (
        <NewItemDialog
          draft={data}
          category={category}
          onClose={() => setAdding(false)}
          onCreated={(item) => {
            setAdding(false);
            toast('Menu', `${item.name}: in the draft (publish to show it)`, 'success');
            setFilter('all');
            setCategory(item.category);
            setSelectedId(item.id);
            refresh();
          }}
        />
      )}
      <ConfirmDialog
        isOpen={confirm !== null}
        title={
          confirm === 'publish'
            ? 'Publish the menu?'
            : confirm === 'undo'
              ? 'Undo the draft?'
              : `Restore version ${(confirm as VersionView | null)?.number ?? ''}?`
        }
        confirmText={confirm === 'publish' ? 'Publish' : confirm === 'undo' ? 'Undo' : 'Restore'}
        cancelText="Cancel"
        intent={confirm === 'publish' ? 'primary' : 'warning'}
        onConfirm={() => confirm && act.mutate(confirm)}
        onClose={() => setConfirm(null)}
      >
        {confirm === 'publish' ? (
          'Customers see these changes at once, on the storefront and in the prices of new orders. Orders already placed keep their prices.'
        ) : confirm === 'undo' ? (
          'Every change not published is discarded.'
        ) : confirm ? (
          <RestoreQuestion version={confirm} unpublished={data?.changes.length ?? 0} />
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

/** What restoring a version changes for customers, and the draft it replaces. */
function RestoreQuestion({ version, unpublished }: { version: VersionView; unpublished: number }) {
  const changes = version.changesIfRestored ?? [];
  return (
    <>
      <p>
        Version {version.number} is published again as a new version, and the draft becomes it.
        {changes.length ? ' Customers see at once:' : ' It is the same as what customers see now.'}
      </p>
      {changes.length > 0 && (
        <ul aria-label="What restoring changes" className="menu-restore-changes">
          {changes.map((c, i) => (
            <li key={`${c.id}-${i}`}>{c.text}</li>
          ))}
        </ul>
      )}
      {unpublished > 0 && (
        <p>
          The {unpublished === 1 ? 'change' : `${unpublished} changes`} not published yet{' '}
          {unpublished === 1 ? 'is' : 'are'} discarded.
        </p>
      )}
    </>
  );
}
