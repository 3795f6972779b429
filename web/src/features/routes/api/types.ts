import type { Committed } from '@/generated/rest/responses';

/** A commit's answer: one result per row or group. */
export type Commit = Committed;
