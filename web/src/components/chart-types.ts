export interface ChartSeries {
  /** Field of each data row holding this series' value. */
  key: string;
  label: string;
  colour: string;
}

export interface StackedBarChartProps {
  data: Record<string, string | number>[];
  /** Field of each data row naming its bar. */
  xKey: string;
  series: ChartSeries[];
  height?: number;
  title: string;
}

/** A horizontal line across a chart at `y` (a threshold). */
export interface ChartThreshold {
  y: number;
  label: string;
  colour: string;
}

export interface LineChartProps {
  data: Record<string, string | number>[];
  /** Field of each data row holding its x value (shown as is on the axis). */
  xKey: string;
  /** Header of the x column of the screen-reader table (xKey by default). */
  xLabel?: string;
  series: ChartSeries[];
  thresholds?: ChartThreshold[];
  /** Unit after each y value in the tooltip ('°F'). */
  unit?: string;
  height?: number;
  title: string;
}
