import { useQuery } from '@tanstack/react-query';
import { rest } from '@/lib/api';
import type { ViewRow } from '@/generated/rest/responses';

/** One item's quantity on the date (null when the stored forecast has none). */
export type ForecastRow = ViewRow;

export const forecastKey = (date: string) => ['forecast', date] as const;

/** GET /forecast/view/{date}: Item and Quantity of a date (YYYY-MM-DD). */
export const getForecast = (date: string) => rest('forecast_view', { date });

export function useForecast(date: string | null) {
  return useQuery({
    queryKey: forecastKey(date ?? ''),
    queryFn: () => getForecast(date ?? ''),
    enabled: date !== null,
  });
}
