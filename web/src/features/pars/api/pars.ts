import { graphql, rest } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { UploadBody } from '@/lib/upload-pipeline';
import type { ParGroup, ParsDryRun } from '../lib/par-groups';

/** POST /pars/dry-run: every par rule over the whole file, and the orders to send in their chunks. */
export const dryRunPars = (body: UploadBody) => rest<ParsDryRun>('POST', '/pars/dry-run', body);

const UPLOAD_PAR_MAPS = gql(`mutation UploadParMaps($uploadId: ID!, $groups: [ParGroupInput!]!) {
  uploadParMaps(uploadId: $uploadId, groups: $groups) { success results { key status messages } }
}`);

/** One chunk of the dry run's orders (at most `pars.chunkGroups`); per-group results. */
export async function uploadParMaps(uploadId: string, groups: ParGroup[]) {
  return (await graphql(UPLOAD_PAR_MAPS, { uploadId, groups })).uploadParMaps;
}

/** POST /pars/archive: keeps the uploaded CSV (a failure is only logged). */
export const archivePars = (body: { uploadId: string; fileName: string; csv: string }) =>
  rest<{ key: string; stored: boolean }>('POST', '/pars/archive', body);

const ORDERS_BY_DAY = gql(`query OrdersByDay($deliveryDate: String!, $nextToken: String, $count: Int) {
  ordersByDay(deliveryDate: $deliveryDate, nextToken: $nextToken, count: $count) { items { locationId dropOffDate stockingIndex } nextToken }
}`);

/** Every order dropping off on a date (pages of 1000). */
export async function ordersByDay(deliveryDate: string) {
  const all: { locationId: string; dropOffDate: string; stockingIndex: number }[] = [];
  let nextToken: string | null | undefined = null;
  do {
    const page: { items: typeof all; nextToken?: string | null } = (
      await graphql(ORDERS_BY_DAY, { deliveryDate, nextToken, count: 1000 })
    ).ordersByDay;
    all.push(...page.items);
    nextToken = page.nextToken;
  } while (nextToken);
  return all;
}

const OPS_LOCATIONS = gql(`query ParsOpsLocations($nextToken: String) {
  opsLocations(filter: { count: 2500 }, nextToken: $nextToken) { locations { id type } nextToken }
}`);

/** The ops locations (id and type): the pars screens' location list. */
export async function opsLocationIds() {
  const ids: { id: string; type: string }[] = [];
  let nextToken: string | null | undefined = null;
  do {
    const page: { locations: typeof ids; nextToken?: string | null } = (await graphql(OPS_LOCATIONS, { nextToken }))
      .opsLocations;
    ids.push(...page.locations);
    nextToken = page.nextToken;
  } while (nextToken);
  return ids;
}

const JIT_LOCATIONS = gql(`query JitLocations($dropOffDate: String!, $location: ID!) {
  jitLocations(dropOffDate: $dropOffDate, location: $location) { itemName count overCapacityAmount }
}`);

export async function jitLocations(dropOffDate: string, location: string) {
  return (await graphql(JIT_LOCATIONS, { dropOffDate, location })).jitLocations;
}

export interface ReportLocation {
  location: string;
  driver: string;
  data_ids: Record<string, number>;
  slots: { zone: string; bay: string; item: string; need: number }[];
}

/** GET /pars/report/{YYYYMMDD}: the packing slips of a date. */
export const parsReport = (date: string) =>
  rest<{ date: string; locations: ReportLocation[] }>('GET', `/pars/report/${date.replaceAll('-', '')}`);
