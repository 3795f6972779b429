import { displayJson } from '@/lib/display-value';
import type { FileRow, RowReport, RowStatus } from '@/lib/upload-pipeline';
import type { DataColumn } from './DataTable';
import { StatusIcon } from './StatusIcon';

const STATUS_TEXT: Record<RowStatus, string> = {
  new: 'new',
  change: 'will change',
  unchanged: 'unchanged',
  invalid: 'invalid',
};

export interface CheckedColumnsOptions {
  /** The file's columns shown, by name, with their header (the server sees every column). */
  fileColumns: { col: string; title: string }[];
  /** Header of the row number column. */
  rowHeader?: string;
  /** A status as sorted, filtered and exported. */
  statusText?: Record<RowStatus, string>;
  /** The status icon's tooltip for a checked row. */
  statusTitle?: (report: RowReport) => string;
}

/**
 * A changed value of a dry run's diff as a person reads it: JSON text through
 * displayJson ('null' is 'None', '"LIVE"' is 'LIVE', an object its pairs), a
 * plain number as written ('6.00' stays '6.00').
 */
export function diffValue(text: string): string {
  return /^-?\d+(\.\d+)?$/.test(text.trim()) ? text.trim() : displayJson(text);
}

/**
 * The preview columns of a dry-run check: a status icon (pending until the
 * server answers), the row number, the file's columns, and the row's
 * messages, warnings and changes (each value as a person reads it: see
 * displayJson).
 */
export function checkedColumns(reports: Map<number, RowReport>, options: CheckedColumnsOptions): DataColumn<FileRow>[] {
  const text = options.statusText ?? STATUS_TEXT;
  const title =
    options.statusTitle ??
    ((report: RowReport) => {
      const message = report.messages.join('; ');
      return `${text[report.status]}${message ? `: ${message}` : ''}`;
    });
  return [
    {
      id: 'status',
      header: 'Status',
      width: '5rem',
      value: (r) => {
        const report = reports.get(r.row);
        return report ? text[report.status] : 'checking';
      },
      cell: (r) => {
        const report = reports.get(r.row);
        const icon = !report ? 'pending' : report.status === 'invalid' ? 'invalid' : 'valid';
        return <StatusIcon status={icon} title={report ? title(report) : undefined} />;
      },
    },
    { id: 'row', header: options.rowHeader ?? 'Row', width: '4rem', value: (r) => r.row },
    ...options.fileColumns.map((c) => ({
      id: `col:${c.col}`,
      header: c.title,
      value: (r: FileRow) => r.values[c.col] ?? '',
    })),
    {
      id: 'message',
      header: 'Message or change',
      value: (r) => {
        const report = reports.get(r.row);
        if (!report) return '';
        return [
          ...report.messages,
          ...(report.warnings ?? []),
          // Stored values as a person reads them ('None', 'Holiday Break'), not raw JSON.
          ...report.diff.map((d) => `${d.attribute}: ${diffValue(d.oldValue)} → ${diffValue(d.newValue)}`),
        ].join('; ');
      },
    },
  ];
}
