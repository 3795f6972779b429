import { stemOf, type FileRow } from '@/lib/upload-pipeline';
import { DataTable, type DataColumn, type Highlight } from './DataTable';

export interface UploadPreviewTableProps {
  /** Accessible name of the table, e.g. 'Price preview'. */
  label: string;
  /** The chosen file's name; the export is checked-<name>.csv. */
  fileName: string;
  rows: FileRow[];
  columns: DataColumn<FileRow>[];
  highlight: (row: FileRow) => Highlight | undefined;
}

/** The chosen file's rows with the dry run's verdict on each; nothing while there are no rows. */
export function UploadPreviewTable({ label, fileName, rows, columns, highlight }: UploadPreviewTableProps) {
  if (rows.length === 0) return null;
  return (
    <>
      <DataTable
        label={label}
        data={rows}
        columns={columns}
        getRowId={(r) => String(r.row)}
        noun="rows"
        height="60vh"
        row={{ highlight: highlight }}
        exportFileName={`checked-${stemOf(fileName)}.csv`}
      />
      {/* Turns the status icon of a row still being checked. */}
      <style>{'@keyframes fc-spin { to { transform: rotate(360deg); } }'}</style>
    </>
  );
}
