import type { FileRead } from '@/components/useUploadCheck';
import { NOT_CSV, isCsv, parseCsv } from '@/lib/upload-pipeline';

export const FORECAST_COLUMNS = ['Item', 'AllocationDate', 'Quantity', 'ProductionDate'];

/**
 * A forecast file: CSV only, since it is stored as sent. Its header is
 * matched loosely (case, spaces, a byte-order mark); without a column its
 * rows show but are not checked.
 */
export async function readForecastFile(file: File): Promise<FileRead> {
  if (!isCsv(file.name)) return { rows: [], errors: [NOT_CSV] };
  const parsed = parseCsv(await file.text());
  const header =
    parsed.rows.length > 0
      ? Object.keys(parsed.rows[0].values).map((k) =>
          k
            .replace(/^\uFEFF/, '')
            .trim()
            .toLowerCase(),
        )
      : [];
  const missing = parsed.rows.length > 0 ? FORECAST_COLUMNS.filter((c) => !header.includes(c.toLowerCase())) : [];
  if (missing.length > 0)
    return {
      rows: parsed.rows,
      errors: [...parsed.errors, `Line 1: Missing column ${missing.join(', ')}`],
      unchecked: true,
    };
  if (parsed.rows.length === 0 && parsed.errors.length === 0) return { rows: [], errors: ['The file has no rows'] };
  return parsed;
}
