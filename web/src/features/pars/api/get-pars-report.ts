import { rest } from '@/lib/api';

export interface ReportLocation {
  location: string;
  driver: string;
  data_ids: Record<string, number>;
  slots: { zone: string; bay: string; item: string; need: number }[];
}

/** GET /pars/report/{YYYYMMDD}: the packing slips of a date. */
export const getParsReport = (date: string) =>
  rest<{ date: string; locations: ReportLocation[] }>('GET', `/pars/report/${date.replaceAll('-', '')}`);
