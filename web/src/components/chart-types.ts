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
