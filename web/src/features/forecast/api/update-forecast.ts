import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rest } from '@/lib/api';
import { forecastKey } from './get-forecast';

export interface ForecastUpdate {
  item: string;
  quantity: number;
  date: string;
  /** The quantity the user saw: the server refuses the edit if the row holds another one now. */
  previousQuantity?: number;
}

/** PUT /forecast/update: one item's quantity on one date (recorded in the change history). */
export const updateForecast = (body: ForecastUpdate) => rest('forecast_update', body);

export function useUpdateForecast() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateForecast,
    onSettled: (_d, _e, v) => qc.invalidateQueries({ queryKey: forecastKey(v.date) }),
  });
}
