// A bar chart of dollar figures (AG Charts): one or more bars per category on
// the x axis, stacked when asked, "$" on the y axis, in the app's theme.
import { AgCharts } from 'ag-charts-react';
import {
  AllCommunityModule as ChartModules,
  ModuleRegistry as ChartRegistry,
} from 'ag-charts-community';
import { useSettings } from '../platform/settingsContext';

// Registered once here for every chart of the app (Analytics' donut too).
ChartRegistry.registerModules([ChartModules]);

let canvasWorks: boolean | undefined;
/** AG Charts draws on a 2D canvas; where there is none (a locked-down or headless DOM) show the figures' table instead. */
export function canDrawCharts(): boolean {
  if (canvasWorks === undefined) {
    try {
      canvasWorks =
        typeof document !== 'undefined' &&
        Boolean(document.createElement('canvas').getContext('2d'));
    } catch {
      canvasWorks = false;
    }
  }
  return canvasWorks;
}

export interface DollarBar {
  yKey: string;
  yName: string;
  stacked?: boolean;
}

/** AG Charts' theme for the app's light or dark setting. */
export const useChartTheme = () =>
  useSettings().settings.theme === 'dark' ? 'ag-default-dark' : 'ag-default';

export function DollarBarChart<T extends object>({
  data,
  xKey,
  bars,
}: {
  data: T[];
  xKey: keyof T & string;
  bars: readonly DollarBar[];
}) {
  const theme = useChartTheme();
  return (
    <AgCharts
      options={{
        theme,
        data,
        series: bars.map((bar) => ({ type: 'bar' as const, xKey, ...bar })),
        axes: {
          x: { type: 'category', position: 'bottom' },
          y: {
            type: 'number',
            position: 'left',
            label: { formatter: (p: { value: number }) => `$${p.value}` },
          },
        },
        background: { visible: false },
      }}
    />
  );
}
