import type { CommitResult } from '@/lib/upload-pipeline';

/** A commit's answer: one result per row or group. */
export type Commit = { results: CommitResult[] };
