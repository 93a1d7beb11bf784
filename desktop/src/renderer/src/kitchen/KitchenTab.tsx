// The Kitchen tab of the dashboard (issue 8): capacity, bake sheet, margins
// and recipe links. The bake sheet and margins start from the dashboard's
// date range (today when it is open) and keep their own range after that.
import { Tab, Tabs } from '../ui/blueprint';
import type { DateRange } from '../dashboard/range';
import { BakeSheetPanel } from './BakeSheetPanel';
import { CapacityPanel } from './CapacityPanel';
import { DropsPanel } from './DropsPanel';
import { LinksPanel } from './LinksPanel';
import { MarginsPanel } from './MarginsPanel';
import { StandingPanel } from './StandingPanel';
import { kitchenRangeFrom, marginsRangeFrom } from './shared';
import { AllergensPanel } from '../allergens/AllergensPanel';

export function KitchenTab({ range, role }: { range: DateRange; role: string }) {
  const initial = kitchenRangeFrom(range);
  return (
    <Tabs id="kitchen-tabs" renderActiveTabPanelOnly defaultSelectedTabId="bake-sheet">
      <Tab id="bake-sheet" title="Bake Sheet" panel={<BakeSheetPanel initialRange={initial} />} />
      <Tab id="capacity" title="Capacity" panel={<CapacityPanel role={role} />} />
      <Tab id="drops" title="Drops" panel={<DropsPanel role={role} />} />
      <Tab id="standing" title="Standing Orders" panel={<StandingPanel role={role} />} />
      <Tab
        id="margins"
        title="Margins"
        panel={<MarginsPanel initialRange={marginsRangeFrom(range)} />}
      />
      <Tab id="links" title="Recipe Links" panel={<LinksPanel />} />
      <Tab id="allergens" title="Allergens" panel={<AllergensPanel role={role} />} />
    </Tabs>
  );
}
