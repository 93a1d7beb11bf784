// A page opened before the owner published a new menu (issue 22) prices from
// the catalogue it was rendered with; once GET /api/menu says a later
// version is live, the customer is told and offered the new page (the cart
// and the order form's draft are kept in storage across the reload).
import { useQuery } from '@tanstack/react-query';
import { catalogueVersion } from '@bakery/core';
import { MENU_KEY, readMenu } from '../allergens/menuAllergens';
import { AVAILABILITY_POLL_MS, useFollowPublishedMenu } from '../api/queries';

/**
 * For a page without an availability poll of its own (/menu): GET /api/menu
 * is asked again every 15 s (its ETag makes that a 304 while nothing
 * changes) and a newly published version is put in force at once, as
 * /order's poll does. Called by the component that lists the catalogue, so
 * that it renders again with it.
 */
export function useFollowMenuVersion() {
  const menu = useQuery({
    queryKey: MENU_KEY,
    queryFn: readMenu,
    staleTime: 60_000,
    refetchInterval: AVAILABILITY_POLL_MS,
  });
  useFollowPublishedMenu(menu.data?.version, menu.dataUpdatedAt);
}

export function MenuChangedNotice() {
  const menu = useQuery({ queryKey: MENU_KEY, queryFn: readMenu, staleTime: 60_000 });
  const live = menu.data?.version;
  if (!live || live === catalogueVersion()) return null;
  return (
    <p className="menu-changed" role="status">
      Our menu has just been updated.{' '}
      <button type="button" className="btn btn-secondary" onClick={() => location.reload()}>
        Show the current menu and prices
      </button>
    </p>
  );
}
