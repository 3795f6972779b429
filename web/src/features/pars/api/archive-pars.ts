import { rest } from '@/lib/api';

/** POST /pars/archive: keeps the uploaded CSV (a failure is only logged). */
export const archivePars = (body: { uploadId: string; fileName: string; csv: string }) =>
  rest<{ key: string; stored: boolean }>('POST', '/pars/archive', body);
