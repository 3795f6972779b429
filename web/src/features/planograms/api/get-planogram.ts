import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const PLANOGRAM = gql(`query Planogram($layoutName: String!) {
  planogram(layoutName: $layoutName) {
    layoutName
    slots { slot vendItemName physicalFridgeConfig activeHour activeHourCentral updatedBy source }
    upcoming { slot vendItemName activeHour activeHourCentral user status failureReason }
  }
}`);

export const planogramKeys = {
  all: ['planograms'] as const,
  layout: (layoutName: string) => ['planograms', 'layout', layoutName] as const,
};

/** A layout's current slots and its scheduled (pending or failed) slot changes. */
export const getPlanogram = async (layoutName: string) => (await graphql(PLANOGRAM, { layoutName })).planogram;

export type Planogram = Awaited<ReturnType<typeof getPlanogram>>;

export function usePlanogram(layoutName: string) {
  return useQuery({
    queryKey: planogramKeys.layout(layoutName),
    queryFn: () => getPlanogram(layoutName),
    enabled: layoutName !== '',
  });
}
