import { useState } from 'react';
import { NO_UPLOAD_ID, newUploadId, type UploadId } from '@/lib/brands';
import { useMutation } from '@tanstack/react-query';
import {
  dryRunProblems,
  fileSizeProblem,
  readFile,
  readyRows,
  type DryRun,
  type FileRow,
  type GroupCounts,
  type RowReport,
  type UploadBody,
} from '@/lib/upload-pipeline';
import { isForbidden } from '@/lib/api';

/** A chosen file as read: its rows and the problems to list. */
export interface FileRead {
  rows: FileRow[];
  errors: string[];
  /** A problem of the whole file (a missing column): its rows show, but the server is not asked about them. */
  unchecked?: boolean;
}

/** The chosen file, its rows and the dry run's verdict on each. */
export interface CheckedUpload {
  /** The file itself, for a caller that sends it whole. */
  file: File | null;
  fileName: string;
  /** One id per chosen file: a retried commit of it is recognised by the server. */
  uploadId: UploadId;
  rows: FileRow[];
  reports: Map<number, RowReport>;
  /** The dry run's count of each group's rows in the file, which the commit declares. */
  groups: GroupCounts;
  /** The dry run's summary line; null until it answers. */
  summary: string | null;
  /** Whether the dry run answered. */
  checked: boolean;
}

export const NO_UPLOAD: CheckedUpload = {
  file: null,
  fileName: '',
  uploadId: NO_UPLOAD_ID,
  rows: [],
  reports: new Map(),
  groups: {},
  summary: null,
  checked: false,
};

export interface UploadCheckOptions {
  dryRun: (body: UploadBody) => Promise<DryRun>;
  /** The file problem a failed dry run adds; undefined where the caller tells it its own way. */
  dryRunProblem: (err: unknown) => string | undefined;
  /** Reads the chosen file; CSV or XLSX by default. */
  read?: (file: File) => Promise<FileRead>;
  /** Told the dry run's answer, e.g. to show its warnings. */
  onChecked?: (dry: DryRun) => void;
}

/**
 * The checking half of every upload screen: read the chosen file at once, list
 * its problems, and ask the server's dry run about all its rows. What is done
 * with the checked rows (the commit) is the caller's.
 */
export function useUploadCheck(options: UploadCheckOptions) {
  const [upload, setUpload] = useState<CheckedUpload>(NO_UPLOAD);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const dryRun = useMutation({ mutationFn: (body: UploadBody) => options.dryRun(body) });
  const checking = dryRun.isPending;

  const choose = async (file: File | null) => {
    setUpload(NO_UPLOAD);
    setFileErrors([]);
    if (!file) return;
    // The server's bounds, checked before reading (a screen's own reader may not) and before the dry run.
    const tooBig = fileSizeProblem(file.size);
    if (tooBig) {
      setFileErrors([tooBig]);
      return;
    }
    let read: FileRead;
    try {
      read = await (options.read ?? readFile)(file);
    } catch {
      setFileErrors(['The file could not be read. Choose a CSV or .xlsx file.']);
      return;
    }
    setFileErrors(read.errors);
    if (read.rows.length === 0) {
      if (read.errors.length === 0) setFileErrors(['The file has no rows.']);
      return;
    }
    const uploadId = newUploadId();
    const body: UploadBody = { uploadId, fileName: file.name, rows: read.rows };
    const refused = dryRunProblems(body);
    if (refused.length > 0) {
      setFileErrors([...read.errors, ...refused]);
      return;
    }
    setUpload({ ...NO_UPLOAD, file, fileName: file.name, uploadId, rows: read.rows });
    if (read.unchecked) return;
    try {
      const dry = await dryRun.mutateAsync(body);
      setUpload((u) => ({
        ...u,
        reports: new Map(dry.rows.map((r) => [r.row, r])),
        groups: dry.groups ?? {},
        summary: dry.summaryText,
        checked: true,
      }));
      options.onChecked?.(dry);
    } catch (err) {
      // Refused for want of permission: told in the kit dialog (the query client's mutation cache), not in the form.
      if (isForbidden(err)) return;
      const problem = options.dryRunProblem(err);
      if (problem !== undefined) setFileErrors((e) => [...e, problem]);
    }
  };

  const statusOf = (r: FileRow) => upload.reports.get(r.row)?.status;
  return {
    upload,
    /** For the commit: drop written rows, mark failed ones. */
    setUpload,
    fileErrors,
    checking,
    choose,
    statusOf,
    /** Rows the commit would send: new or changed ones, with the whole of each touched group. */
    ready: readyRows(upload.rows, upload.reports),
    invalid: upload.rows.filter((r) => statusOf(r) === 'invalid'),
  };
}
