import { rest } from '@/lib/api';
import type { ArchiveRequest } from '@/generated/rest/requests';

/** POST /pars/archive: keeps the uploaded CSV (a failure is only logged). */
export const archivePars = (body: ArchiveRequest) => rest('pars_archive', body);
