// The Links panel's data (issue 21 split): the links and the recipes, and
// saving or removing a link, which refreshes the margins and bake sheets too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ProductRecipeLinkView, ROUTES, type RouteBody } from '@bakery/core';
import { client as apiClient } from '../api/client';
import { useApiQuery } from '../api/useApiQuery';
import { toast } from '../ui/toaster';
import { linkLabel } from './LinksTable';
import { failed, money } from './shared';

const KEY = [ROUTES.recipeLinks.path];

/** The root clears its form, or shows the server's refusal on it, in `save.mutate`'s own callbacks. */
export function useLinks() {
  const client = useQueryClient();
  const links = useApiQuery(KEY, ROUTES.recipeLinks);
  const recipes = useApiQuery([ROUTES.recipes.path], ROUTES.recipes);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: KEY });
    void client.invalidateQueries({ queryKey: [ROUTES.margins.path] });
    void client.invalidateQueries({ queryKey: [ROUTES.bakeSheet.path] });
  };
  const save = useMutation({
    mutationFn: (body: RouteBody<typeof ROUTES.saveRecipeLink>) =>
      apiClient.call(ROUTES.saveRecipeLink, { body }),
    onSuccess: (link) => {
      refresh();
      toast(
        'Recipe linked',
        `${linkLabel(link)} costs ${money(link.costPerItem)} to make`,
        'success',
      );
    },
  });
  const remove = useMutation({
    mutationFn: (l: ProductRecipeLinkView) =>
      apiClient.call(ROUTES.removeRecipeLink, {
        query: { productId: l.productId, variantId: l.variantId },
      }),
    onSuccess: refresh,
    onError: failed('Failed to remove the link'),
  });
  return { links, recipes, save, remove };
}
