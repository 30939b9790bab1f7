/**
 * The parts of ECharts the console draws with: line and bar series on a grid (category, value and
 * time axes), tooltip and legend, on canvas. The whole library is three times the size (1.1 MB).
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { init };
