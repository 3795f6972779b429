import { Heading } from '@aws-amplify/ui-react';
import { useId } from 'react';
import type { PermissionGroup } from '../api/get-permissions';

/**
 * The reference table of function groups (spec 3-planning-and-reporting §6): every group in full,
 * its actions wrapping in their cell, with no scroll box of its own.
 */
export function GroupsTable({ groups }: { groups: PermissionGroup[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="permission-groups">
      <Heading level={2} id={headingId} marginBottom="0.5rem">
        Function groups
      </Heading>
      {groups.length === 0 ? (
        <p>No function groups</p>
      ) : (
        <table aria-label="Function groups" className="permission-groups-table">
          <thead>
            <tr>
              <th scope="col">Group</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.group}>
                <th scope="row">{g.group}</th>
                <td>{g.actions.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
