// "Ingredients & allergens" (issue 26): a real <details> on each menu card,
// in the Add to Cart dialog and on the order page, with the ingredient list,
// the Contains and May contain lines and the owner's own wording; "Ask us
// about allergens" where no recipe is linked.
import { ASK_ABOUT_ALLERGENS, BAKERY_INFO, type AllergenId } from '@bakery/core';
import type { AllergenFacts } from './menuAllergens';
import './allergens.css';

export function AllergenDisclosure({
  facts,
  avoided = [],
  summary = 'Ingredients & allergens',
}: {
  facts: AllergenFacts | undefined;
  /** The allergens the customer avoids: a May contain of one of them is said first. */
  avoided?: readonly AllergenId[];
  summary?: string;
}) {
  const info = facts?.allergenInfo;
  const warn = facts?.mayContain.some((id) => avoided.includes(id));
  return (
    <details className="allergen-disclosure">
      <summary>{summary}</summary>
      {!info ? (
        <p className="muted">Loading…</p>
      ) : !info.known ? (
        <p>
          {ASK_ABOUT_ALLERGENS}: call us at{' '}
          <a href={`tel:${BAKERY_INFO.phone.replace(/[^\d+]/g, '')}`}>{BAKERY_INFO.phone}</a>.
        </p>
      ) : (
        <>
          {info.ingredients && <p>{info.ingredients}</p>}
          <p>
            <strong>{info.contains ?? 'Contains none of the major allergens.'}</strong>
          </p>
          {info.mayContain && (
            <p className={warn ? 'allergen-warn' : undefined}>{info.mayContain}</p>
          )}
        </>
      )}
      {info?.note && <p className="allergen-note-own">{info.note}</p>}
    </details>
  );
}
