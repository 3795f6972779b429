import { useQuery } from '@tanstack/react-query';
import { rest } from '@/lib/api';

export interface ForecastRow {
  Item: string;
  Quantity: number;
}

export const forecastKey = (date: string) => ['forecast', date] as const;

/** GET /forecast/view/{date}: Item and Quantity of a date (YYYY-MM-DD). */
export const getForecast = (date: string) => rest<ForecastRow[]>('GET', `/forecast/view/${encodeURIComponent(date)}`);

export function useForecast(date: string | null) {
  return useQuery({
    queryKey: forecastKey(date ?? ''),
    queryFn: () => getForecast(date ?? ''),
    enabled: date !== null,
  });
}
