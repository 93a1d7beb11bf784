// Cost of goods and margins: per item and variant (price, cost, margin $ and
// %), the items still without a recipe, and margin by category for the range.
// A cost an all-options link cannot tell apart by size says so beside it.
// Tables in MarginsTables (issue 21 split).
import { Card } from '../ui/blueprint';
import { ROUTES } from '@bakery/core';
import { QueryStatus } from '../ui/QueryStatus';
import { CategoryMargins, ItemCosts, MissingRecipes } from './MarginsTables';
import { KitchenRangeBar, type KitchenRangeValue } from './shared';
import { useKitchenRange } from './useKitchenRange';

export function MarginsPanel({ initialRange }: { initialRange: KitchenRangeValue }) {
  const margins = useKitchenRange(ROUTES.margins, initialRange);
  const m = margins.query.data;
  return (
    <div>
      <KitchenRangeBar id="margin-range" value={margins.range} onChange={margins.setRange} />
      <QueryStatus query={margins.query} what="margins" />
      {m && (
        <>
          <div className="two-col">
            <CategoryMargins byCategory={m.byCategory} />
            <Card>
              <MissingRecipes missing={m.missing} />
            </Card>
          </div>
          <ItemCosts items={m.items} />
        </>
      )}
    </div>
  );
}
