import { Button, Card, Heading, Text } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Guard } from '@/components/Guard';
import { isForbidden } from '@/lib/api';
import { useToast } from '@/lib/toast';
import type { UserPermissions } from '../api/get-permissions';
import { useRemovePermission } from '../api/remove-permission';
import { actionsText, permissionsError, userLabel } from '../lib';
import { REMOVE_PERMISSION_FAILURE } from '@/lib/messages';

export interface UserPermissionsCardProps {
  user: UserPermissions;
  /** The actions listed; all of the user's by default (a search by action lists only the matches). */
  shown?: string[];
  /** Open at first (a search that matched the user's actions); the disclosure button still toggles it. */
  defaultOpen?: boolean;
}

/**
 * One user: a disclosure button with the e-mail and the count of actions, collapsed at first; open,
 * the actions, each with a Remove button that asks to confirm in the kit's dialog.
 */
export function UserPermissionsCard({ user, shown = user.actions, defaultOpen = false }: UserPermissionsCardProps) {
  const nameId = useId();
  const listId = useId();
  const label = userLabel(user);
  const [open, setOpen] = useState<boolean | null>(null);
  const expanded = open ?? defaultOpen;
  const [confirming, setConfirming] = useState<string | null>(null);
  const remove = useRemovePermission();
  const toast = useToast();
  const filtered = shown.length !== user.actions.length;

  const doRemove = (action: string) => {
    remove.mutate(
      { user: user.user, action },
      {
        onSuccess: () => {
          toast.success(`Removed ${action} from ${label}`);
          setConfirming(null);
        },
        onError: (err) => {
          // A permission failure is shown by the kit's dialog (the query client's mutation cache).
          if (!isForbidden(err)) toast.error(permissionsError(err, REMOVE_PERMISSION_FAILURE));
          setConfirming(null);
        },
      },
    );
  };

  return (
    <Card as="section" variation="outlined" aria-labelledby={nameId} className="user-permissions">
      <Heading level={3} className="user-permissions-heading">
        <button
          type="button"
          className="user-permissions-toggle"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setOpen(!expanded)}
        >
          <span aria-hidden="true" className="user-permissions-chevron">
            {expanded ? '▾' : '▸'}
          </span>
          <span id={nameId} className="user-permissions-email">
            {label}
          </span>{' '}
          <span className="user-permissions-count">
            {filtered ? `${shown.length} of ${actionsText(user.actions.length)}` : actionsText(user.actions.length)}
          </span>
        </button>
      </Heading>
      <div id={listId} hidden={!expanded}>
        {user.actions.length === 0 ? (
          <Text color="font.tertiary" fontStyle="italic" marginTop="xs">
            No actions granted
          </Text>
        ) : (
          <ul className="action-list" aria-label={`Actions of ${label}`}>
            {shown.map((action) => (
              <li key={action} className="action-row">
                <span className="action-name">{action}</span>
                <Guard call="POST /users/permissions/remove">
                  {(disabled) => (
                    <Button
                      size="small"
                      variation="link"
                      onClick={() => setConfirming(action)}
                      isDisabled={disabled || remove.isPending}
                      aria-label={`Remove ${action} from ${label}`}
                    >
                      Remove
                    </Button>
                  )}
                </Guard>
              </li>
            ))}
          </ul>
        )}
      </div>
      {confirming ? (
        <ConfirmDialog
          title={`Remove ${confirming} from ${label}?`}
          confirmLabel="Remove"
          cancelLabel="Cancel"
          busyLabel="Removing…"
          busy={remove.isPending}
          tone="destructive"
          onConfirm={() => doRemove(confirming)}
          onCancel={() => setConfirming(null)}
        >
          {`${label} will no longer be allowed ${confirming}.`}
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
