// The Links panel's data (issue 21 split): the links and the recipes, and
// saving or removing a link, which refreshes the margins and bake sheets too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ProductRecipeLinkView, ROUTES } from '@bakery/core';
import { api } from '../api/client';
import { useApiQuery } from '../api/useApiQuery';
import { toast } from '../ui/toaster';
import { linkLabel } from './LinksTable';
import { failed, money } from './shared';

const KEY = ['/api/admin/kitchen/links'];

/** The root clears its form, or shows the server's refusal on it, in `save.mutate`'s own callbacks. */
export function useLinks() {
  const client = useQueryClient();
  const links = useApiQuery(KEY, ROUTES.recipeLinks);
  const recipes = useApiQuery(['/api/admin/recipes'], ROUTES.recipes);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: KEY });
    void client.invalidateQueries({ queryKey: ['/api/admin/kitchen/margins'] });
    void client.invalidateQueries({ queryKey: ['/api/admin/kitchen/bake-sheet'] });
  };
  const save = useMutation({
    mutationFn: (body: unknown) =>
      api<ProductRecipeLinkView>('/api/admin/kitchen/links', { method: 'PUT', body }),
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
      api(
        `/api/admin/kitchen/links?productId=${encodeURIComponent(l.productId)}&variantId=${encodeURIComponent(l.variantId)}`,
        { method: 'DELETE' },
      ),
    onSuccess: refresh,
    onError: failed('Failed to remove the link'),
  });
  return { links, recipes, save, remove };
}
