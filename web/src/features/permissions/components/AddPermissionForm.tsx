import { Alert, Button, Flex, SelectField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { Guard } from '@/components/Guard';
import { isForbidden } from '@/lib/api';
import { useToast } from '@/lib/toast';
import type { UserPermissions } from '../api/get-permissions';
import { useGrantPermission } from '../api/grant-permission';
import { permissionsError, userLabel } from '../lib';
import { ADD_PERMISSION_FAILURE } from '@/lib/messages';

export function AddPermissionForm({ users, actions }: { users: UserPermissions[]; actions: string[] }) {
  const [user, setUser] = useState('');
  const [action, setAction] = useState('');
  const [error, setError] = useState<string | null>(null);
  const grant = useGrantPermission();
  const toast = useToast();

  const selected = users.find((u) => u.user === user);
  const alreadyHas = !!selected && !!action && selected.actions.includes(action);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!user || !action) return;
    setError(null);
    grant.mutate(
      { user, action },
      {
        onSuccess: () => {
          toast.success(`Added ${action} for ${selected ? userLabel(selected) : user}`);
          setAction('');
        },
        onError: (err) => {
          // A permission failure is shown by the kit's dialog (the query client's mutation cache).
          if (isForbidden(err)) return;
          const message = permissionsError(err, ADD_PERMISSION_FAILURE);
          setError(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} aria-label="Add a permission" className="permissions-form">
      <Flex gap="medium" alignItems="flex-end" wrap="wrap">
        <SelectField
          label="User"
          placeholder="Choose a user"
          value={user}
          onChange={(e) => setUser(e.target.value)}
          className="permissions-select"
        >
          {users.map((u) => (
            <option key={u.user} value={u.user}>
              {userLabel(u)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Action"
          placeholder="Choose an action"
          value={action}
          onChange={(e) => setAction(e.target.value)}
          className="permissions-select"
          descriptiveText={alreadyHas ? 'The user already has this action' : undefined}
        >
          {actions.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </SelectField>
        <Guard call="POST /users/permissions">
          {(disabled) => (
            <Button
              type="submit"
              variation="primary"
              isDisabled={disabled || !user || !action}
              isLoading={grant.isPending}
              loadingText="Adding…"
            >
              Add
            </Button>
          )}
        </Guard>
      </Flex>
      {error && (
        <Alert variation="error" marginTop="small" isDismissible onDismiss={() => setError(null)}>
          {error}
        </Alert>
      )}
    </form>
  );
}
