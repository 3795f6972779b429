import { Button } from '@aws-amplify/ui-react';
import { download } from '@/lib/csv';
import { invalidRowsCsv, stemOf, type FileRow, type RowReport } from '@/lib/upload-pipeline';

/** 'Download invalid rows': their cells and messages as invalid-<file>.csv, to fix and choose again. */
export function InvalidRowsDownload({
  fileName,
  rows,
  reports,
}: {
  fileName: string;
  rows: FileRow[];
  reports: Map<number, RowReport>;
}) {
  return (
    <Button
      onClick={() => download(`invalid-${stemOf(fileName)}.csv`, invalidRowsCsv(rows, reports))}
      isDisabled={rows.length === 0}
    >
      Download invalid rows
    </Button>
  );
}
