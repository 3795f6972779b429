import { graphql, rest } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { CommitResult, UploadBody } from '@/lib/upload-pipeline';

/** POST /prices/dry-run: every row's rules and its diff against the stored price. */
export const dryRunPrices = (body: UploadBody) => rest('prices_dry_run', body);

const UPDATE_ITEM_PRICES =
  gql(`mutation UpdateItemPrices($uploadId: ID!, $fileName: String!, $prices: [ItemPriceInput!]!) {
  updateItemPrices(uploadId: $uploadId, fileName: $fileName, prices: $prices) { message errors written rowErrors { line errors } }
}`);

export class BackendSchemaError extends Error {}

/** One batch of at most 100 rows, answered per row as the upload pipeline's commit is. */
export async function updateItemPrices(batch: UploadBody): Promise<{ results: CommitResult[]; message: string }> {
  const prices = batch.rows.map((r) => ({
    schemaId: r.values.schemaId ?? '',
    item: r.values.item ?? '',
    price: r.values.price ?? '',
    line: r.row,
  }));
  const answer = (await graphql(UPDATE_ITEM_PRICES, { uploadId: batch.uploadId, fileName: batch.fileName, prices }))
    .updateItemPrices;
  if (!answer || !Array.isArray(answer.rowErrors))
    throw new BackendSchemaError('The server answered in an unexpected shape.');
  const failed = new Map(answer.rowErrors.map((e) => [e.line, e.errors.join('; ')]));
  const results: CommitResult[] = batch.rows.map((r) =>
    failed.has(r.row)
      ? { row: r.row, key: null, status: 'failed', message: failed.get(r.row) }
      : { row: r.row, key: null, status: 'written' },
  );
  return { results, message: answer.message };
}
