// The Allergens panel's data (issue 40 split): the overview and the
// ingredients, and every save of the panel (each a PUT of the route map),
// each reading the overview again and saying so in a toast. The rows keep
// their own save (its own spinner), so those are hooks of their own here.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type RouteBody } from '@bakery/core';
import { client as apiClient, messageOf } from '../api/client';
import { useApiQuery } from '../api/useApiQuery';
import { toast } from '../ui/toaster';

export const ALLERGENS_KEY = [ROUTES.allergens.path];

/** A save's `onSuccess` and `onError`: the overview read again, `done` or "Not saved" toasted. */
function useSaved(done: string) {
  const queries = useQueryClient();
  return {
    onSuccess: () => {
      void queries.invalidateQueries({ queryKey: ALLERGENS_KEY });
      toast(done, undefined, 'success');
    },
    onError: (err: unknown) => toast('Not saved', messageOf(err, 'Failed to save')),
  };
}

/** The panel's reads, the removal of an exception and the label settings' switch. */
export function useAllergens() {
  const queries = useQueryClient();
  const overview = useApiQuery(ALLERGENS_KEY, ROUTES.allergens);
  const ingredients = useApiQuery([ROUTES.ingredients.path], ROUTES.ingredients);
  const removeException = useMutation({
    mutationFn: (productId: string) =>
      apiClient.call(ROUTES.removeClaimException, { params: { productId } }),
    onSuccess: () => void queries.invalidateQueries({ queryKey: ALLERGENS_KEY }),
  });
  const saveSettings = useMutation({
    mutationFn: (body: RouteBody<typeof ROUTES.saveLabelSettings>) =>
      apiClient.call(ROUTES.saveLabelSettings, { body }),
    ...useSaved('Label settings saved'),
  });
  return { overview, ingredients, removeException, saveSettings };
}

/** One item's exception: the wording customers read instead of the promise. */
export function useSaveException() {
  return useMutation({
    mutationFn: (body: RouteBody<typeof ROUTES.saveClaimException>) =>
      apiClient.call(ROUTES.saveClaimException, { body }),
    ...useSaved('Exception saved'),
  });
}

/** What a filling or add-in (`label`) puts in a piece. */
export function useSaveOptionIngredients(label: string) {
  return useMutation({
    mutationFn: (body: RouteBody<typeof ROUTES.saveOptionIngredients>) =>
      apiClient.call(ROUTES.saveOptionIngredients, { body }),
    ...useSaved(`${label} saved`),
  });
}

/** One item's (or option's) net weight in grams. */
export function useSaveNetWeight() {
  return useMutation({
    mutationFn: (body: RouteBody<typeof ROUTES.saveNetWeight>) =>
      apiClient.call(ROUTES.saveNetWeight, { body }),
    ...useSaved('Net weight saved'),
  });
}
