import { Alert, Heading, Text } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { useAccess, useRefusal } from '@/lib/access';
import { errorMessage, isForbidden } from '@/lib/api';
import { useMyCoupons, type Coupon } from '../api/my-coupons';

const columns: DataColumn<Coupon>[] = [
  { id: 'code', header: 'Code', value: (c) => c.couponCode },
  { id: 'reason', header: 'Reason', value: (c) => c.reason },
  { id: 'value', header: 'Value', value: (c) => c.value, width: '6rem' },
  { id: 'start', header: 'Start', value: (c) => c.startDate, width: '8rem' },
  { id: 'end', header: 'Expires', value: (c) => c.endDate, width: '8rem' },
  { id: 'created', header: 'Created', value: (c) => c.createdAt.slice(0, 16).replace('T', ' '), width: '10rem' },
  { id: 'redeemed', header: 'Redeemed', value: (c) => (c.redeemed ? 'Yes' : 'No'), width: '6rem' },
];

/**
 * Beyond the spec: the codes this agent generated lately, with their redeemed
 * state. One clear state (issue 22): the list, or why it cannot be shown (the
 * permission the user lacks, or the error), never an error beside 'You have not
 * generated any codes yet'.
 */
export function RecentCoupons() {
  const access = useAccess();
  const refusal = useRefusal('GET /coupons/mine');
  // Asked for once the access is known (or cannot be): the server decides then.
  const mine = useMyCoupons(!access.isLoading && !refusal);
  const heading = <Heading level={2}>Your recent codes</Heading>;
  if (refusal || (mine.isError && isForbidden(mine.error))) {
    return (
      <>
        {heading}
        <Text role="note">{`Your codes cannot be shown. ${refusal ?? 'The server refused them.'}`}</Text>
      </>
    );
  }
  if (mine.isError) {
    return (
      <>
        {heading}
        <Alert variation="error">{errorMessage(mine.error, 'Your codes could not be loaded')}</Alert>
      </>
    );
  }
  return (
    <>
      {heading}
      <DataTable
        label="Your recent codes"
        data={mine.data ?? []}
        columns={columns}
        getRowId={(c) => c.couponCode}
        loading={mine.isLoading}
        noun="codes"
        emptyMessage="You have not generated any codes yet"
        exportFileName="my-coupon-codes.csv"
        height="24rem"
      />
    </>
  );
}
