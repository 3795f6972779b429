import { Heading } from '@aws-amplify/ui-react';
import { useMemo } from 'react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { formatFridgeTime, type FridgeZone } from '@/lib/fridge-time';
import type { PermissionChangeRecord, UserPermissions } from '../api/get-permissions';
import { permissionChangeRows, type PermissionChangeRow } from '../lib';

/** Times are shown in Central, the spec's business zone, as the location history shows them. */
const CENTRAL: FridgeZone = { label: 'CT', iana: 'America/Chicago' };

const COLUMNS: DataColumn<PermissionChangeRow>[] = [
  { id: 'when', header: 'When', value: (r) => formatFridgeTime(r.at, CENTRAL), width: '11rem' },
  { id: 'who', header: 'Who', value: (r) => r.who },
  { id: 'user', header: 'User', value: (r) => r.user },
  { id: 'action', header: 'Action', value: (r) => r.action },
  { id: 'change', header: 'Change', value: (r) => r.change, width: '7rem' },
];

/** The last grants and removals (issue 20), newest first; refetched with the users after each change. */
export function PermissionChangesTable({
  records,
  users,
}: {
  records: PermissionChangeRecord[];
  users: UserPermissions[];
}) {
  const rows = useMemo(() => permissionChangeRows(records, users), [records, users]);
  return (
    <section aria-label="Recent permission changes">
      <Heading level={2} marginBottom="0.5rem">
        Recent permission changes
      </Heading>
      <DataTable
        label="Recent permission changes"
        noun="changes"
        data={rows}
        columns={COLUMNS}
        getRowId={(r) => r.key}
        emptyMessage="No permission changes recorded yet"
        height="50vh"
      />
    </section>
  );
}
