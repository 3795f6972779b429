import { Alert, Button, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import { useMemo, useState } from 'react';
import { PageLoader } from '@/components/PageLoader';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { usePermissions } from '../api/get-permissions';
import { AddPermissionForm } from '../components/AddPermissionForm';
import { GroupsTable } from '../components/GroupsTable';
import { PermissionChangesTable } from '../components/PermissionChangesTable';
import { UserPermissionsCard } from '../components/UserPermissionsCard';
import { permissionsError, sortUsers, userLabel } from '../lib';
import { LOAD_USER_PERMISSIONS_FAILURE } from '@/lib/messages';

/** /users/permissions: grant and revoke permission actions per user. */
export default function UserPermissionsPage() {
  useDocumentTitle('User Permissions');
  const query = usePermissions();
  const [filter, setFilter] = useState('');

  const users = useMemo(() => sortUsers(query.data?.users ?? []), [query.data]);
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? users.filter((u) => userLabel(u).toLowerCase().includes(f)) : users;
  }, [users, filter]);

  return (
    <Flex direction="column" gap="large" className="permissions-page">
      <Heading level={2}>User Permissions</Heading>
      {query.isLoading && <PageLoader label="Loading permissions…" />}
      {query.isError && (
        <Alert variation="error" heading="Could not load permissions">
          <Flex direction="column" gap="small">
            <Text>{permissionsError(query.error, LOAD_USER_PERMISSIONS_FAILURE)}</Text>
            <Button size="small" alignSelf="flex-start" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Flex>
        </Alert>
      )}
      {query.data && (
        <>
          <AddPermissionForm users={users} actions={query.data.actions} />
          <div className="permissions-grid">
            <Flex direction="column" gap="small">
              <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="small">
                <Heading level={3}>Users</Heading>
                <TextField
                  label="Filter users"
                  labelHidden
                  placeholder="Filter users by e-mail"
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                  size="small"
                />
              </Flex>
              {shown.length === 0 ? (
                <Text color="font.tertiary">
                  {users.length === 0 ? 'No users found' : 'No user matches the filter'}
                </Text>
              ) : (
                shown.map((u) => <UserPermissionsCard key={u.user} user={u} />)
              )}
            </Flex>
            <div>
              <GroupsTable groups={query.data.groups} />
            </div>
          </div>
          {/* Comes with the users: the grant and removal mutations refetch this query. */}
          <PermissionChangesTable records={query.data.changes ?? []} users={query.data.users} />
        </>
      )}
    </Flex>
  );
}
