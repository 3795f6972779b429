import { Button, Divider, Menu, MenuItem, Text, View } from '@aws-amplify/ui-react';
import { signOut } from 'aws-amplify/auth';
import { Link } from 'react-router-dom';
import { useAccess } from '@/lib/access/useAccess';
import { useCurrentUser } from '@/lib/auth/useCurrentUser';
import { LocationServicesIcon, serviceStatusText, useLocationServicesStatus } from './LocationServicesIcon';

export const APP_VERSION = __APP_VERSION__;

/**
 * User menu: the signed-in user, Location Services status, app version, Permissions (for a user who
 * may open it, as the navigation's entries) and Log Out.
 */
export function UserMenu() {
  const { user } = useCurrentUser();
  const { canOpen } = useAccess();
  const status = useLocationServicesStatus();
  const email = user?.email || 'Signed-in user';
  return (
    <div className="user-menu">
      <LocationServicesIcon state={status.state} checkedAt={status.checkedAt} />
      <Menu
        menuAlign="end"
        trigger={
          <Button className="nav-trigger" variation="link" size="small" data-testid="user-menu">
            <span className="user-menu-email">{email}</span>
            <span className="caret" aria-hidden="true">
              ▾
            </span>
          </Button>
        }
      >
        <View className="user-menu-info">
          <Text fontSize="small" color="font.tertiary">
            Signed in as
          </Text>
          <Text fontWeight="bold" className="user-email">
            {email}
          </Text>
          <Text fontSize="small" className="user-menu-status">
            <LocationServicesIcon state={status.state} checkedAt={status.checkedAt} />
            {serviceStatusText(status.state, status.checkedAt)}
          </Text>
          <Text fontSize="small" color="font.tertiary">
            Version {APP_VERSION}
          </Text>
        </View>
        <Divider />
        {canOpen('/users/permissions') ? (
          <MenuItem as={Link} to="/users/permissions">
            Permissions
          </MenuItem>
        ) : null}
        <MenuItem onClick={() => void signOut()}>Log Out</MenuItem>
      </Menu>
    </div>
  );
}
