import { Alert, Button, Flex, Heading, SearchField, Text } from '@aws-amplify/ui-react';
import { useId, useMemo, useState } from 'react';
import { Page } from '@/components/Page';
import { PageLoader } from '@/components/PageLoader';
import { usePermissions } from '../api/get-permissions';
import { AddPermissionForm } from '../components/AddPermissionForm';
import { GroupsTable } from '../components/GroupsTable';
import { LocationsListing } from '../components/LocationsListing';
import { PermissionChangesTable } from '../components/PermissionChangesTable';
import { UserPermissionsCard } from '../components/UserPermissionsCard';
import { permissionsError, searchUsers, sortUsers } from '../lib';
import { LOAD_USER_PERMISSIONS_FAILURE } from '@/lib/messages';
import '../permissions.css';

/**
 * /users/permissions: grant and revoke permission actions per user. Each user's actions are
 * collapsed under a disclosure button with their count; a search keeps users by e-mail or action.
 * The kit Page gives it the margins and title of every screen; its sections are h2, sized under
 * the title in permissions.css.
 */
export default function UserPermissionsPage() {
  const query = usePermissions();
  const [search, setSearch] = useState('');
  const usersHeadingId = useId();

  const users = useMemo(() => sortUsers(query.data?.users ?? []), [query.data]);
  const shown = useMemo(() => searchUsers(users, search), [users, search]);
  const searching = search.trim() !== '';

  return (
    <Page title="User Permissions">
      <Flex direction="column" gap="large" className="permissions-page">
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
              <section aria-labelledby={usersHeadingId} className="permissions-users">
                <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="small" marginBottom="small">
                  <Heading level={2} id={usersHeadingId}>
                    Users
                  </Heading>
                  <SearchField
                    label="Search users by e-mail or action"
                    labelHidden
                    placeholder="Search by e-mail or action"
                    value={search}
                    onChange={(e) => setSearch(e.target.value)}
                    onClear={() => setSearch('')}
                    hasSearchButton={false}
                    size="small"
                  />
                </Flex>
                <Text as="p" role="status" fontSize="small" color="font.secondary" margin="0 0 0.5rem">
                  {searching ? `${shown.length} of ${users.length} users` : `${users.length} users`}
                </Text>
                {shown.length === 0 ? (
                  <Text color="font.tertiary">
                    {users.length === 0 ? 'No users found' : 'No user matches the search'}
                  </Text>
                ) : (
                  <Flex direction="column" gap="xs">
                    {shown.map((m) => (
                      // Keyed by the search too, so that a new search opens the cards it matched by action.
                      <UserPermissionsCard
                        key={`${m.user.user}|${m.byAction ? search.trim().toLowerCase() : ''}`}
                        user={m.user}
                        shown={m.shown}
                        defaultOpen={m.byAction}
                      />
                    ))}
                  </Flex>
                )}
              </section>
              <GroupsTable groups={query.data.groups} />
            </div>
            {/* Comes with the users: the grant and removal mutations refetch this query. */}
            <PermissionChangesTable records={query.data.changes ?? []} users={query.data.users} />
            <LocationsListing />
          </>
        )}
      </Flex>
    </Page>
  );
}
