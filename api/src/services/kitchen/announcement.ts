// The drop announcement on the home page and the menu (issue 37): core's
// words as HTML that static.ts puts before the storefront's root, so a
// visitor sees the next drop before any JavaScript runs. Read at most once a
// second whatever the traffic (the figures it shows move with each sale).
import { dropAnnouncement, dropToAnnounce } from '@bakery/core';
import type { Db } from '../../db/types.js';
import { escapeHtml } from '../mail/messages.js';
import { currentDrops } from './drops.js';

const FRESH_MS = 1000;
let cached: { at: number; html: Promise<string | null> } | null = null;

export function dropAnnouncementHtml(db: Db, now = new Date()): Promise<string | null> {
  if (cached && Date.now() - cached.at <= FRESH_MS) return cached.html;
  const html = currentDrops(db, now).then(({ drops }) => {
    const drop = dropToAnnounce(drops, now);
    if (!drop) return null;
    const words = dropAnnouncement(drop, now);
    const items = words.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('');
    const closes = words.closes ? `<span>${escapeHtml(words.closes)}</span>` : '';
    return (
      `<aside class="drop-announcement" aria-label="Drop">` +
      `<a href="${escapeHtml(words.href)}"><strong>${escapeHtml(words.headline)}</strong></a>` +
      `<ul>${items}</ul><span>${escapeHtml(words.pickup)}</span>${closes}` +
      `<a class="drop-announcement-more" href="${escapeHtml(words.href)}">See the drop</a>` +
      `</aside>`
    );
  });
  cached = { at: Date.now(), html };
  html.catch(() => (cached = null));
  return html;
}

/** Forgets the cached announcement (a drop saved or removed shows at once). */
export const announcementChanged = () => {
  cached = null;
};
