// A drop the town can see (issue 37): the words of its announcement on the
// home page and the menu (server-rendered, before any JavaScript) and of its
// public page, once, so the two never say different things.
import { formatDayInWords } from '../calendar/calendar';
import { formatInstant } from './drops';
import type { PublicDropView } from './offer';

export interface DropAnnouncement {
  dropId: string;
  /** "Saturday Cinnamon Roll Drop: open now" / "…: opens Fri, Dec 4 at 9:00 AM". */
  headline: string;
  /** Each item with what is left ("Cinnamon rolls: 16 left") or, before it opens, the batch. */
  items: string[];
  /** "Pickup Saturday, December 5, 2026". */
  pickup: string;
  /** "Orders close Fri, Dec 4 at 6:00 PM", or null before it opens. */
  closes: string | null;
  /** The drop's public page. */
  href: string;
}

export const dropPagePath = (id: string) => `/drops/${id}`;

/** The drop to announce: the open one closing first, else the next to open; null when none is announced. */
export function dropToAnnounce(drops: readonly PublicDropView[], now: Date): PublicDropView | null {
  const shown = drops.filter(
    (d) => d.announce !== false && new Date(d.closesAt).getTime() > now.getTime(),
  );
  const open = shown
    .filter((d) => new Date(d.opensAt).getTime() <= now.getTime())
    .sort((a, b) => a.closesAt.localeCompare(b.closesAt));
  if (open[0]) return open[0];
  return [...shown].sort((a, b) => a.opensAt.localeCompare(b.opensAt))[0] ?? null;
}

export function dropAnnouncement(drop: PublicDropView, now: Date): DropAnnouncement {
  const upcoming = now.getTime() < new Date(drop.opensAt).getTime();
  return {
    dropId: drop.id,
    headline: upcoming
      ? `${drop.name}: opens ${formatInstant(drop.opensAt)}`
      : `${drop.name}: open now`,
    items: drop.units.map((unit) =>
      upcoming
        ? `${unit.label}: ${unit.quantity} in the batch`
        : unit.left > 0
          ? `${unit.label}: ${unit.left} left`
          : `${unit.label}: sold out`,
    ),
    pickup: `Pickup ${drop.pickupDates.map((d) => formatDayInWords(d)).join('; ')}`,
    closes: upcoming ? null : `Orders close ${formatInstant(drop.closesAt)}`,
    href: dropPagePath(drop.id),
  };
}
