// A line of My Orders with the allergens it was ordered with (issue 26).
import { ASK_ABOUT_ALLERGENS, type OrderLineView } from '@bakery/core';
import './allergens.css';

export function OrderLineAllergens({ line }: { line: OrderLineView }) {
  const info = line.allergenInfo;
  if (!info) return null;
  const text = info.known
    ? [info.contains ?? 'No major allergens', info.mayContain, info.note]
        .filter(Boolean)
        .join(' · ')
    : ASK_ABOUT_ALLERGENS;
  return <span className="order-line-allergens">{text}</span>;
}
