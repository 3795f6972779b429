import { Badge, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { useToast } from '@/lib/toast';
import type { UserPermissions } from '../api/get-permissions';
import { useRemovePermission } from '../api/remove-permission';
import { permissionsError, userLabel } from '../lib';
import { REMOVE_PERMISSION_FAILURE } from '@/lib/messages';

/** One user: an e-mail heading and the user's actions, each with a Remove button (confirmed inline). */
export function UserPermissionsCard({ user }: { user: UserPermissions }) {
  const headingId = useId();
  const label = userLabel(user);
  const [confirming, setConfirming] = useState<string | null>(null);
  const remove = useRemovePermission();
  const toast = useToast();

  const doRemove = (action: string) => {
    remove.mutate(
      { user: user.user, action },
      {
        onSuccess: () => {
          toast.success(`Removed ${action} from ${label}`);
          setConfirming(null);
        },
        onError: (err) => {
          toast.error(permissionsError(err, REMOVE_PERMISSION_FAILURE));
          setConfirming(null);
        },
      },
    );
  };

  return (
    <Card as="section" variation="outlined" aria-labelledby={headingId} className="user-permissions">
      <Flex justifyContent="space-between" alignItems="baseline" wrap="wrap">
        <Heading level={4} id={headingId} className="user-permissions-heading">
          {label}
        </Heading>
        <Badge size="small">{user.actions.length === 1 ? '1 action' : `${user.actions.length} actions`}</Badge>
      </Flex>
      {user.actions.length === 0 ? (
        <Text color="font.tertiary" fontStyle="italic" marginTop="xs">
          No actions granted
        </Text>
      ) : (
        <ul className="action-list">
          {user.actions.map((action) => (
            <li key={action} className="action-row">
              <span className="action-name">{action}</span>
              {confirming === action ? (
                <Flex gap="xs" alignItems="center" role="group" aria-label={`Confirm removal of ${action}`}>
                  <Text fontSize="small">Remove?</Text>
                  <Button
                    size="small"
                    variation="destructive"
                    isLoading={remove.isPending}
                    loadingText="Removing…"
                    onClick={() => doRemove(action)}
                    aria-label={`Confirm removing ${action} from ${label}`}
                  >
                    Yes, remove
                  </Button>
                  <Button size="small" onClick={() => setConfirming(null)} isDisabled={remove.isPending}>
                    Cancel
                  </Button>
                </Flex>
              ) : (
                <Button
                  size="small"
                  variation="link"
                  onClick={() => setConfirming(action)}
                  isDisabled={remove.isPending}
                  aria-label={`Remove ${action} from ${label}`}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
