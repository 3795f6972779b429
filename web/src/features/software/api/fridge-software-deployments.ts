import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const DEPLOYMENTS = gql(`query FridgeSoftwareDeployments($artifactType: String!, $nextToken: String) {
  fridgeSoftwareDeployments(artifactType: $artifactType, nextToken: $nextToken) {
    items { at who source changes { attribute oldValue newValue } }
    nextToken
  }
}`);

/** AWSJSON text of a version ("\"2.16.0\"" or "null") as the version or null. */
const versionOf = (v: unknown): string | null => {
  const parsed = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
  return typeof parsed === 'string' ? parsed : null;
};

export interface Deployment {
  at: string;
  who: string;
  source: string;
  /** Per fridge: the version it ran before (null: none) and the one deployed. */
  fridges: { id: string; from: string | null; to: string | null }[];
}

/** Past deployments of one software, newest first (one page of 25). */
export async function fridgeSoftwareDeployments(artifactType: string, nextToken?: string | null) {
  const page = (await graphql(DEPLOYMENTS, { artifactType, nextToken: nextToken ?? null })).fridgeSoftwareDeployments;
  const items: Deployment[] = page.items.map((r) => ({
    at: r.at,
    who: r.who,
    source: r.source,
    fridges: r.changes.map((c) => ({ id: c.attribute, from: versionOf(c.oldValue), to: versionOf(c.newValue) })),
  }));
  return { items, nextToken: page.nextToken ?? null };
}
