// What the Recipes & Costs and Ingredients panels share: a record being added
// or edited in a dialog, one being deleted behind a confirmation, and the
// spec's toasts ('Recipe created', 'Failed to delete ingredient', ...).
import { useState, type ComponentType } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@bakery/core';
import { client as apiClient, messageOf } from '../api/client';
import { Button } from '../ui/blueprint';
import { ConfirmAbout } from '../ui/ConfirmDialog';
import { firstIssues } from '../ui/fields';
import { toast } from '../ui/toaster';

export const RECIPES_KEY = [ROUTES.recipes.path] as const;
export const INGREDIENTS_KEY = [ROUTES.ingredients.path] as const;

/** Each editor's calls: add, save and delete one record. */
const CALLS = {
  recipe: { create: ROUTES.createRecipe, update: ROUTES.updateRecipe, remove: ROUTES.deleteRecipe },
  ingredient: {
    create: ROUTES.createIngredient,
    update: ROUTES.updateIngredient,
    remove: ROUTES.deleteIngredient,
  },
};

/** Costs follow ingredients, so any change refreshes both lists. */
function useInvalidate() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: RECIPES_KEY });
    void client.invalidateQueries({ queryKey: INGREDIENTS_KEY });
  };
}

/** What the editor hands its Add / Edit dialog. */
export interface EditorDialogProps<Form> {
  initial: Form;
  isNew: boolean;
  busy: boolean;
  onClose(): void;
  onSave(form: Form): void;
}

/**
 * A dialog's form state, checked with core's schema on submit: the first
 * message per field is shown under it and nothing is sent until it passes.
 */
export function useCheckedForm<Form>(
  { initial, onSave }: EditorDialogProps<Form>,
  schema: { safeParse(value: unknown): ParseResult },
  payload: (form: Form) => unknown,
) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const parsed = schema.safeParse(payload(form));
    if (!parsed.success) return setErrors(firstIssues(parsed.error.issues));
    setErrors({});
    onSave(form);
  };
  return { form, setForm, errors, submit };
}
type ParseResult =
  | { success: true }
  | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

type Noun = 'recipe' | 'ingredient';
const capital = (noun: Noun) => noun.charAt(0).toUpperCase() + noun.slice(1);

export function useEditor<Form, Row extends { id: string; name: string }>({
  noun,
  empty,
  payload,
  onSaved,
  onDeleted,
}: {
  noun: Noun;
  /** The form of a new one ('Add Recipe'). */
  empty: Form;
  payload(form: Form): unknown;
  onSaved?(row: Row, wasNew: boolean): void;
  onDeleted?(id: string): void;
}) {
  const [editing, setEditing] = useState<{ id: string | null; form: Form } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const invalidate = useInvalidate();
  const save = useMutation({
    mutationFn: ({ id, form }: { id: string | null; form: Form }) => {
      // The dialog checked the form with the noun's schema; `payload` is its body,
      // and the answer the noun's Row (a RecipeView or an IngredientView).
      const body = payload(form) as never;
      const row = id
        ? apiClient.call(CALLS[noun].update, { params: { id }, body })
        : apiClient.call(CALLS[noun].create, { body });
      return row as Promise<unknown> as Promise<Row>;
    },
    onSuccess: (row, vars) => {
      invalidate();
      setEditing(null);
      onSaved?.(row, !vars.id);
      toast(`${capital(noun)} ${vars.id ? 'updated' : 'created'}`, undefined, 'success');
    },
    onError: (err, vars) => {
      const failed = `Failed to ${vars.id ? 'update' : 'create'} ${noun}`;
      toast(failed, messageOf(err, failed));
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiClient.call(CALLS[noun].remove, { params: { id } }),
    onSuccess: (_r, id) => {
      onDeleted?.(id);
      invalidate();
      toast(`${capital(noun)} deleted`, undefined, 'success');
    },
    onError: (err) => toast(`Failed to delete ${noun}`, messageOf(err, `Failed to delete ${noun}`)),
  });

  /** The confirmation before a delete: 'Delete the recipe Sandwich loaf? This cannot be undone.' */
  const deleteConfirm = (
    <ConfirmAbout
      about={deleting}
      setAbout={setDeleting}
      title={`Delete ${noun}`}
      confirmText="Delete"
      cancelText="Cancel"
      onConfirm={(row) => remove.mutate(row.id)}
    >
      <p>
        Delete the {noun} {deleting?.name}? This cannot be undone.
      </p>
    </ConfirmAbout>
  );

  /** The Add / Edit dialog while one is open. */
  const dialog = (Dialog: ComponentType<EditorDialogProps<Form>>) =>
    editing && (
      <Dialog
        initial={editing.form}
        isNew={!editing.id}
        busy={save.isPending}
        onClose={() => setEditing(null)}
        onSave={(form) => save.mutate({ id: editing.id, form })}
      />
    );

  const addButton = (
    <div className="button-row">
      <Button
        icon="add"
        intent="primary"
        text={`Add ${capital(noun)}`}
        onClick={() => setEditing({ id: null, form: empty })}
      />
    </div>
  );

  return {
    addButton,
    edit: (id: string, form: Form) => setEditing({ id, form }),
    askDelete: setDeleting,
    dialog,
    deleteConfirm,
  };
}
