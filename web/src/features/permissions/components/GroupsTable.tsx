import { Heading } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import type { PermissionGroup } from '../api/get-permissions';

const COLUMNS: DataColumn<PermissionGroup>[] = [
  { id: 'group', header: 'Group', value: (g) => g.group, width: '16rem' },
  { id: 'actions', header: 'Actions', value: (g) => g.actions.join(', ') },
];

/** The reference table of function groups (spec 3-planning-and-reporting §6). */
export function GroupsTable({ groups }: { groups: PermissionGroup[] }) {
  return (
    <section aria-label="Function groups reference">
      <Heading level={5} marginBottom="0.5rem">
        Function groups
      </Heading>
      <DataTable
        label="Function groups"
        noun="groups"
        data={groups}
        columns={COLUMNS}
        getRowId={(g) => g.group}
        height="50vh"
      />
    </section>
  );
}
