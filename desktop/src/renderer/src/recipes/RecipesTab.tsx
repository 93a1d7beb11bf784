// Recipe Management (spec: two tabs, 'Recipes & Costs' and 'Ingredients').
import { Tab, Tabs } from '../ui/blueprint';
import { IngredientsPanel } from './IngredientsPanel';
import { RecipesPanel } from './RecipesPanel';

export function RecipesTab() {
  return (
    <Tabs id="recipe-tabs" renderActiveTabPanelOnly>
      <Tab id="recipes" title="Recipes & Costs" panel={<RecipesPanel />} />
      <Tab id="ingredients" title="Ingredients" panel={<IngredientsPanel />} />
    </Tabs>
  );
}
