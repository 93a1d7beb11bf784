// AG Grid's community modules, registered when the dashboard loads (App.tsx),
// so the login screen's download carries none of AG Grid.
import { AllCommunityModule, ModuleRegistry } from 'ag-grid-community';

ModuleRegistry.registerModules([AllCommunityModule]);
