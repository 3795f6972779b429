import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Divider, Flex, TextField } from '@aws-amplify/ui-react';
import type { Option } from '../lib/constants';
import type { FieldDef } from '../lib/detail-fields';
import { fridgeZone } from '@/lib/fridge-time';
import {
  blockingProblem,
  initEditorState,
  saveAction,
  scheduleAction,
  type SaveAction,
  type ScheduleAction,
} from '../lib/edit-state';
import type { Location } from '../lib/types';
import { FieldEditor } from './FieldEditor';
import { Modal } from '@/components/Modal';
import { Guard } from '@/components/Guard';
import { GuardAll } from './GuardAll';
import { REPLACE_CALLS } from './ScheduleDialogs';

export interface EditDialogProps {
  def: FieldDef;
  location: Location;
  searchOptions?: Option[];
  /** A scheduled value to start from (Edit of a scheduled change). */
  preset?: unknown;
  /** datetime-local text (fridge time) to start the schedule picker with. */
  presetScheduleAt?: string;
  /**
   * Editing a scheduled change: Save schedules the edited value at the edited
   * time in its place (onSchedule); Close leaves it as it was.
   */
  replacing?: boolean;
  onCancel: () => void;
  onSave: (action: Extract<SaveAction, { type: 'update' }>) => void;
  onSchedule: (action: Extract<ScheduleAction, { type: 'schedule' }>) => Promise<void>;
}

/**
 * The edit modal of one row: Close, Save, and Schedule with a date-time picker
 * in the fridge's time zone (labelled with it).
 */
export function EditDialog({
  def,
  location: current,
  searchOptions,
  preset,
  presetScheduleAt = '',
  replacing = false,
  onCancel,
  onSave,
  onSchedule,
}: EditDialogProps) {
  // The location as it was when the dialog opened: Save sends its version, so
  // a change made meanwhile (another user, a background reload) is not overwritten.
  const [location] = useState(current);
  const [state, setState] = useState(() => initEditorState(def, location, preset, presetScheduleAt));
  const [error, setError] = useState<string | null>(null);
  // The page's onSchedule stores the change and shows its own failures.
  const scheduleRun = useMutation({ mutationFn: onSchedule });
  const scheduling = scheduleRun.isPending;
  const ctx = { searchOptions };
  const problem = blockingProblem(def, state, ctx);
  const zone = fridgeZone(location);

  const save = () => {
    if (replacing) {
      schedule();
      return;
    }
    const action = saveAction(def, location, state, ctx);
    if (action.type === 'error') setError(action.message);
    else if (action.type === 'close') onCancel();
    else onSave(action);
  };

  const schedule = () => {
    const action = scheduleAction(def, location, state, ctx);
    if (action.type === 'error') {
      setError(action.message);
      return;
    }
    scheduleRun.mutate(action);
  };

  return (
    <Modal
      title={replacing ? `Edit scheduled change of ${def.label}` : `Edit ${def.label}`}
      onCancel={onCancel}
      footer={
        <>
          <Button onClick={onCancel}>Close</Button>
          {/* Save updates the location, or (editing a scheduled change) replaces that change. */}
          <GuardAll calls={replacing ? REPLACE_CALLS : ['updateLocation']}>
            {(refused) => (
              <Button
                variation="primary"
                onClick={save}
                isDisabled={refused || !!problem || (scheduling && !replacing)}
                isLoading={replacing && scheduling}
                loadingText="Saving…"
              >
                Save
              </Button>
            )}
          </GuardAll>
        </>
      }
    >
      <Flex direction="column" gap="1rem">
        <FieldEditor
          def={def}
          locationId={location.id}
          state={state}
          onChange={(s) => {
            setState(s);
            setError(null);
          }}
          searchOptions={searchOptions}
          searchProblem={problem}
        />
        {error ? (
          <Alert variation="error" role="alert">
            {error}
          </Alert>
        ) : null}
        <Divider />
        <Flex alignItems="flex-end" gap="0.75rem" wrap="wrap">
          <TextField
            label={`Date and time (${zone.label})`}
            descriptiveText={`Fridge time (${zone.iana})`}
            type="datetime-local"
            value={state.scheduleAt}
            onChange={(e) => {
              setState({ ...state, scheduleAt: e.target.value });
              setError(null);
            }}
          />
          {replacing ? null : (
            <Guard call="createScheduleChange">
              {(refused) => (
                <Button
                  onClick={schedule}
                  isDisabled={refused || !!problem}
                  isLoading={scheduling}
                  loadingText="Scheduling…"
                >
                  Schedule
                </Button>
              )}
            </Guard>
          )}
        </Flex>
      </Flex>
    </Modal>
  );
}
