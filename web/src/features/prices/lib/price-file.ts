import type { FileRead } from '@/components/useUploadCheck';
import { readFile } from '@/lib/upload-pipeline';

export const PRICE_COLUMNS = ['schemaId', 'item', 'price'];

/** A price file (CSV or XLSX); without one of its columns there is nothing to preview or check. */
export async function readPriceFile(file: File): Promise<FileRead> {
  const read = await readFile(file);
  const missing = read.rows.length > 0 ? PRICE_COLUMNS.filter((c) => !(c in read.rows[0].values)) : [];
  if (missing.length > 0)
    return { rows: [], errors: [...read.errors, `Missing required columns: ${missing.join(', ')}`] };
  return read;
}
