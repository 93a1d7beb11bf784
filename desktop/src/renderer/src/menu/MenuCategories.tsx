// The Menu tab's categories (issue 22, owner): the strip that orders them by
// drag and drop, and the chosen one's name, hidden switch and place.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { messageOf } from '../api/client';
import { Button, Switch } from '../ui/blueprint';
import { TextField } from '../ui/fields';
import { toast } from '../ui/toaster';
import { patchCategory, type CategoryPatch, type DraftView } from './menuApi';
import { MoveButtons } from './MoveButtons';
import { dropPosition } from './reorder';

/** The chosen category's label, hidden switch and place among the categories (owner). */
export function CategoryEditor({
  id,
  draft,
  onSaved,
}: {
  id: string;
  draft: DraftView;
  onSaved(): void;
}) {
  const categories = draft.draft.categories;
  const index = categories.findIndex((c) => c.id === id);
  const category = categories[index];
  const [label, setLabel] = useState(category?.label ?? '');
  const save = useMutation({
    mutationFn: (patch: CategoryPatch) => patchCategory(id, patch),
    onSuccess: () => {
      toast('Saved', `${label}: in the draft`, 'success');
      onSaved();
    },
    onError: (e) => toast('Category', messageOf(e, 'Failed to save')),
  });
  if (!category) return null;
  return (
    <form
      className="menu-category"
      aria-label={`Category ${category.label}`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ label });
      }}
    >
      <TextField
        id="menu-category-label"
        label="Category name"
        inline
        value={label}
        onChange={setLabel}
      />
      <Button type="submit" text="Rename" disabled={label === category.label} />
      <Switch
        label="Hidden"
        checked={Boolean(category.hidden)}
        onChange={(e) => save.mutate({ hidden: e.currentTarget.checked })}
      />
      <MoveButtons
        index={index}
        count={categories.length}
        busy={save.isPending}
        of="category"
        onMove={(position) => save.mutate({ position })}
      />
    </form>
  );
}

/**
 * The categories in the storefront's order (owner): drag one onto another to
 * move it there (native drag and drop); a click chooses it for the grid and
 * its editor, whose arrow buttons move it from the keyboard.
 */
export function CategoryOrder({
  draft,
  chosen,
  onChoose,
  onSaved,
}: {
  draft: DraftView;
  chosen: string;
  onChoose(id: string): void;
  onSaved(): void;
}) {
  const ids = draft.draft.categories.map((c) => c.id);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: ({ id, position }: { id: string; position: number }) =>
      patchCategory(id, { position }),
    onSuccess: (category) => {
      toast('Saved', `${category.label}: moved, in the draft`, 'success');
      onSaved();
    },
    onError: (e) => toast('Category', messageOf(e, 'Failed to move the category')),
  });
  const end = () => {
    setDragged(null);
    setOver(null);
  };
  return (
    <div className="menu-category-order">
      <span id="menu-category-order-label" className="muted">
        Categories (drag to reorder):
      </span>
      <ol aria-labelledby="menu-category-order-label">
        {draft.draft.categories.map((c) => (
          <li
            key={c.id}
            draggable={!save.isPending}
            data-category={c.id}
            className={[
              dragged === c.id ? 'dragging' : '',
              over === c.id && dragged !== c.id ? 'drop-target' : '',
            ].join(' ')}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', c.id);
              setDragged(c.id);
            }}
            onDragOver={(e) => {
              if (!dragged) return;
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
              if (over !== c.id) setOver(c.id);
            }}
            onDragLeave={() => over === c.id && setOver(null)}
            onDrop={(e) => {
              e.preventDefault();
              const from = dragged ?? e.dataTransfer.getData('text/plain');
              end();
              const position = dropPosition(ids, from, c.id);
              if (position !== null) save.mutate({ id: from, position });
            }}
            onDragEnd={end}
          >
            <Button
              small
              minimal={chosen !== c.id}
              active={chosen === c.id}
              icon="drag-handle-vertical"
              text={c.hidden ? `${c.label} (hidden)` : c.label}
              aria-pressed={chosen === c.id}
              onClick={() => onChoose(c.id)}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}
