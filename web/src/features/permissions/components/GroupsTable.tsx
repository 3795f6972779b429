import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { PermissionGroup } from '../api/get-permissions';

/** The reference table of function groups (spec 3-planning-and-reporting §6). */
export function GroupsTable({ groups }: { groups: PermissionGroup[] }) {
  return (
    <Table caption="Function groups" size="small" variation="striped" highlightOnHover className="groups-table">
      <TableHead>
        <TableRow>
          <TableCell as="th">Group</TableCell>
          <TableCell as="th">Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {groups.map((g) => (
          <TableRow key={g.group}>
            <TableCell>{g.group}</TableCell>
            <TableCell>{g.actions.join(', ')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
