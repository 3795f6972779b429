import { useEffect, useMemo, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Flex,
  Loader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
  View,
} from '@aws-amplify/ui-react';
import { MessageDialog } from '@/components/MessageDialog';
import './location-detail.css';
import { Guard } from '@/components/Guard';
import { ScreenLink } from '@/components/ScreenLink';
import { useAccess } from '@/lib/access/useAccess';
import { isForbidden } from '@/lib/api';
import { reportIfProhibited } from '@/lib/prohibited';
import { TOAST_MAX_MS, useToast } from '@/lib/toast';
import { createScheduleChange } from '../api/create-schedule-change';
import { deleteScheduleChange } from '../api/delete-schedule-change';
import { isConflict, messageOf } from '@/lib/error-message';
import { generateAprivaDeviceAddress } from '../api/generate-device-address';
import { locationKey, useLocation } from '@/lib/locations/get-location';
import { historyKey } from '../api/location-history';
import { scheduleKey, useScheduleChanges } from '../api/read-schedule-change';
import { updateLocation } from '../api/update-location';
import { mayEditLocation } from '../lib/edit-calls';
import { useNameOptions } from '../api/use-name-options';
import { COMPLETE_NOW_DELAY_MS, COMPLETE_NOW_SENT, MESSAGES, type Option } from '../lib/constants';
import {
  deleteEach,
  failureReport,
  reportedAsProhibited,
  type DeleteFailure,
  type FailureReport,
} from '../lib/delete-changes';
import { currentDisplay, DETAIL_FIELDS, type FieldDef } from '../lib/detail-fields';
import type { SaveAction, ScheduleAction } from '../lib/edit-state';
import { formatFridgeTime, fridgeZone } from '@/lib/fridge-time';
import {
  completeNowInputs,
  scheduledInput,
  scheduleInputs,
  scheduleItemsFor,
  type ScheduleItem,
} from '../lib/schedule';
import type { Location } from '../lib/types';
import { EditDialog } from './EditDialog';
import { LocationHistory } from './LocationHistory';
import { ConfirmDeleteDialog, ScheduleActionDialog, ScheduledChangesList } from './ScheduleDialogs';
import { DELETE_SCHEDULED_CHANGE_FAILURE, SCHEDULE_CHANGE_FAILURE } from '@/lib/messages';
import { DEVICE_ADDRESS_FAILURE, EDIT_FAILURE, LOAD_LOCATION_FAILURE } from '@/lib/messages';

/** The calls of the edit dialogs: an update now, or a scheduled one (editing a scheduled change). */

const POLL_EVERY_MS = 2000;
/**
 * How long the page watches a change completed now: its wake-up applies it about 5 s on; if that is lost, the
 * scheduler's once-a-minute run within about 65. It stops sooner, once no change is left pending that was due.
 */
const POLL_FOR_MS = 75_000;
const REPLACE_FAILURE = 'The edited change was scheduled, but the one it replaces could not be deleted';

interface Editing {
  def: FieldDef;
  preset?: unknown;
  scheduleAt?: string;
  /** The scheduled change being edited: replaced only when the edit is saved. */
  replaces?: ScheduleItem;
}

/** The stored changes an item stands for, its primary first. */
const itemChanges = (item: ScheduleItem) => [item.primary, ...item.partners];

/**
 * Deletes an item: its primary change, then its partners (one already deleted with
 * its allocation pair answers false, not an error). Every failure comes back.
 */
const deleteItem = (item: ScheduleItem): Promise<DeleteFailure[]> =>
  deleteEach(itemChanges(item), deleteScheduleChange, (err) => messageOf(err, DELETE_SCHEDULED_CHANGE_FAILURE));

/** Rows that list scheduled changes (a device address may be scheduled as GENERATE). */
const schedulable = (def: FieldDef) => def.kind !== 'readonly';
/** Rows with an edit dialog: the device address is never typed in, only generated. */
const editable = (def: FieldDef) => def.kind !== 'readonly' && def.kind !== 'deviceAddress';

export function LocationDetailView({ id }: { id: string }) {
  const toast = useToast();
  const qc = useQueryClient();
  const [pollUntil, setPollUntil] = useState<number | null>(null);
  const polling = pollUntil !== null;
  const location = useLocation(id, { refetchInterval: polling ? POLL_EVERY_MS : false });
  const schedules = useScheduleChanges(id, { refetchInterval: polling ? POLL_EVERY_MS : false });
  const access = useAccess();
  // Only the edit dialogs use the option lists: a view-only user loads none, so is shown no failure
  // to load them. Access that failed to load refuses nothing (the server decides).
  const mayEdit = access.isError || (!access.isLoading && mayEditLocation(access.actions));
  const names = useNameOptions({ enabled: mayEdit });

  const [editing, setEditing] = useState<Editing | null>(null);
  const [picked, setPicked] = useState<{ def: FieldDef; item: ScheduleItem } | null>(null);
  const [confirming, setConfirming] = useState<{ def: FieldDef; item: ScheduleItem } | null>(null);
  const [report, setReport] = useState<FailureReport | null>(null);

  useEffect(() => {
    if (pollUntil === null) return undefined;
    const t = setTimeout(() => setPollUntil(null), Math.max(0, pollUntil - Date.now()));
    return () => clearTimeout(t);
  }, [pollUntil]);

  // Once no change due by now is left pending (the scheduler applied it), one last read and the watch ends.
  const pendingDue = (schedules.data ?? []).some(
    (c) => c.status === 'PENDING' && Date.parse(c.actionTime) <= Date.now() + COMPLETE_NOW_DELAY_MS,
  );
  const readSinceCompletion = pollUntil !== null && schedules.dataUpdatedAt > pollUntil - POLL_FOR_MS;
  useEffect(() => {
    if (!readSinceCompletion || pendingDue) return;
    setPollUntil(null);
    void qc.invalidateQueries({ queryKey: locationKey(id) });
    void qc.invalidateQueries({ queryKey: historyKey(id) });
  }, [readSinceCompletion, pendingDue, qc, id]);

  const reloadLocation = () => qc.invalidateQueries({ queryKey: locationKey(id) });
  const reloadSchedules = () => qc.invalidateQueries({ queryKey: scheduleKey(id) });
  const reloadHistory = () => qc.invalidateQueries({ queryKey: historyKey(id) });

  const searchOptions = (def: FieldDef): Option[] | undefined => (def.searchList ? names[def.searchList] : undefined);

  // Schedule times are entered and shown in the fridge's zone, never the browser's.
  const zone = useMemo(() => fridgeZone(location.data), [location.data]);

  const itemsByRow = useMemo(() => {
    const map = new Map<string, ScheduleItem[]>();
    const changes = schedules.data ?? [];
    for (const def of DETAIL_FIELDS) if (schedulable(def)) map.set(def.key, scheduleItemsFor(def, changes, zone));
    return map;
  }, [schedules.data, zone]);

  // A scheduled change is deleted (each stored change of it) or completed now: deleted, then sent
  // again due in a few seconds. Either gives back the changes that could not be deleted.
  const removal = useMutation({ mutationFn: (item: ScheduleItem) => deleteItem(item) });
  const completion = useMutation({
    mutationFn: async (item: ScheduleItem) => {
      const failures = await deleteItem(item);
      // Completing now while a part stays scheduled would apply it twice.
      if (failures.length === 0) await createScheduleChange(completeNowInputs(item));
      return failures;
    },
  });
  const generation = useMutation({ mutationFn: () => generateAprivaDeviceAddress(id) });
  const busy = removal.isPending || completion.isPending;

  if (!id) return <Navigate to="/Locations/all" replace />;
  if (location.isSuccess && location.data === null) return <Navigate to="/Locations/all" replace />;

  const loc: Location | null | undefined = location.data;

  const onSave = async (action: Extract<SaveAction, { type: 'update' }>) => {
    setEditing(null);
    try {
      await updateLocation(action.input);
      toast.success(MESSAGES.updateSuccess);
    } catch (err) {
      // A permission failure opens the kit's dialog; a Conflict names who changed the location
      // and when, and the reload below shows their change.
      if (!reportIfProhibited(err))
        toast.error(messageOf(err, EDIT_FAILURE), isConflict(err) ? { durationMs: TOAST_MAX_MS } : undefined);
    } finally {
      void reloadLocation();
      void reloadHistory();
    }
  };

  /**
   * Schedules the dialog's values at its fridge wall time. When a scheduled
   * change is being edited, the old one is deleted only once the new one is
   * stored, so a refused edit loses nothing.
   */
  const onSchedule = async (
    def: FieldDef,
    action: Extract<ScheduleAction, { type: 'schedule' }>,
    replaces?: ScheduleItem,
  ) => {
    try {
      await createScheduleChange(scheduleInputs(id, action.values, { localDateTime: action.localDateTime }));
    } catch (err) {
      if (!reportIfProhibited(err)) toast.error(messageOf(err, SCHEDULE_CHANGE_FAILURE));
      void reloadSchedules();
      return;
    }
    setEditing(null);
    const failures = replaces ? await deleteItem(replaces) : [];
    // A deletion refused wholly for want of permission opens the kit's dialog instead of a report.
    if (failures.length > 0 && replaces) {
      if (!reportedAsProhibited(failures, itemChanges(replaces).length))
        setReport(failureReport(failures, itemChanges(replaces).length, `${REPLACE_FAILURE}.`));
    } else
      toast.success(replaces ? `Updated the scheduled change of ${def.label}` : `Scheduled the change of ${def.label}`);
    void reloadSchedules();
  };

  const onConfirmDelete = async () => {
    if (!confirming) return;
    try {
      const failures = await removal.mutateAsync(confirming.item);
      if (failures.length > 0) {
        if (!reportedAsProhibited(failures, itemChanges(confirming.item).length))
          setReport(
            failureReport(failures, itemChanges(confirming.item).length, 'The scheduled change was not fully deleted.'),
          );
      } else toast.success('Scheduled change deleted');
    } catch (err) {
      // A permission failure is shown by the kit's dialog (the query client's mutation cache).
      if (!isForbidden(err)) toast.error(messageOf(err, DELETE_SCHEDULED_CHANGE_FAILURE));
    } finally {
      setConfirming(null);
      void reloadSchedules();
    }
  };

  /** Opens the change in the edit dialog; nothing is deleted until its Save (Close keeps it). */
  const onEditScheduled = () => {
    if (!picked) return;
    const { def, item } = picked;
    setPicked(null);
    setEditing({ def, preset: item.editValue, scheduleAt: scheduledInput(item.primary, zone), replaces: item });
  };

  const onCompleteNow = async () => {
    if (!picked) return;
    const { item } = picked;
    try {
      const failures = await completion.mutateAsync(item);
      if (failures.length > 0) {
        if (!reportedAsProhibited(failures, itemChanges(item).length))
          setReport(failureReport(failures, itemChanges(item).length, 'Nothing was completed now.'));
        return;
      }
      toast.success(COMPLETE_NOW_SENT);
      // Watch the location (and its history) until the scheduler has applied it.
      setPollUntil(Date.now() + POLL_FOR_MS);
    } catch (err) {
      if (!isForbidden(err)) toast.error(messageOf(err, SCHEDULE_CHANGE_FAILURE));
    } finally {
      setPicked(null);
      void reloadSchedules();
    }
  };

  const onGenerate = async () => {
    try {
      const address = await generation.mutateAsync();
      toast.success(`New device address: ${address}`);
    } catch (err) {
      if (!isForbidden(err)) toast.error(messageOf(err, DEVICE_ADDRESS_FAILURE));
    } finally {
      void reloadLocation();
      void reloadHistory();
    }
  };

  return (
    <Flex direction="column" gap="1rem">
      {/* The id is the screen's h1 (the kit Page of LocationDetail). */}
      <Flex alignItems="baseline" gap="1rem" wrap="wrap">
        {loc?.prettyName ? <Text fontSize="large">{loc.prettyName}</Text> : null}
        <ScreenLink to={`/locations/schedule/${encodeURIComponent(id)}`}>All scheduled changes</ScreenLink>
        {location.isFetching || polling ? <Loader size="small" aria-label="Loading" /> : null}
      </Flex>
      {loc?.lastModified ? (
        <Text fontSize="small" color="font.tertiary">
          Last modified {formatFridgeTime(loc.lastModified, zone)}
          {loc.lastModifiedBy ? ` by ${loc.lastModifiedBy}` : ''}
        </Text>
      ) : null}

      {location.isError ? <Alert variation="error">{LOAD_LOCATION_FAILURE}</Alert> : null}
      {names.errors.map((m) => (
        <Alert key={m} variation="error">
          {m}
        </Alert>
      ))}
      {location.isLoading ? <Loader variation="linear" /> : null}

      {loc ? (
        // Below 600 px each property stacks (name, value, buttons) instead of the page scrolling sideways.
        <View className="location-detail">
          <Table size="small" variation="striped" className="location-detail__table" aria-label={`Properties of ${id}`}>
            <TableHead>
              <TableRow>
                <TableCell as="th" className="location-detail__property">
                  Property
                </TableCell>
                <TableCell as="th">Value</TableCell>
                <TableCell as="th" className="location-detail__actions">
                  <span className="amplify-visually-hidden">Actions</span>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {DETAIL_FIELDS.map((def) => (
                <TableRow key={def.key} data-field={def.key}>
                  <TableCell as="th" scope="row" className="location-detail__property">
                    {def.label}
                  </TableCell>
                  <TableCell className="location-detail__value">
                    <Flex direction="column" gap="0.25rem">
                      <Text data-testid={`value-${def.key}`} style={{ whiteSpace: 'pre-wrap' }}>
                        {currentDisplay(def, loc)}
                      </Text>
                      {(def.kind === 'allocation' || def.kind === 'reserve') && loc.updateReason?.[def.key] ? (
                        <Text fontSize="small" color="font.tertiary">
                          Reason: {loc.updateReason[def.key]}
                        </Text>
                      ) : null}
                      {schedulable(def) ? (
                        <ScheduledChangesList
                          def={def}
                          items={itemsByRow.get(def.key) ?? []}
                          onPick={(item) => setPicked({ def, item })}
                          onDeleteFailed={(item) => setConfirming({ def, item })}
                        />
                      ) : null}
                    </Flex>
                  </TableCell>
                  <TableCell className="location-detail__actions">
                    <Flex gap="0.5rem" wrap="wrap">
                      {editable(def) ? (
                        <Guard call="updateLocation">
                          {(refused) => (
                            <Button
                              size="small"
                              onClick={() => setEditing({ def })}
                              aria-label={`Edit ${def.label}`}
                              isDisabled={refused}
                            >
                              Edit
                            </Button>
                          )}
                        </Guard>
                      ) : def.kind === 'readonly' ? (
                        <Text fontSize="small" color="font.tertiary">
                          read-only
                        </Text>
                      ) : null}
                      {def.kind === 'deviceAddress' ? (
                        <Guard call="generateAprivaDeviceAddress">
                          {(refused) => (
                            <Button
                              size="small"
                              onClick={onGenerate}
                              isDisabled={refused}
                              isLoading={generation.isPending}
                              loadingText="Generating…"
                              aria-label="Generate Campus Card device address"
                            >
                              Generate
                            </Button>
                          )}
                        </Guard>
                      ) : null}
                    </Flex>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </View>
      ) : null}

      {loc ? <LocationHistory id={id} zone={zone} refetchInterval={polling ? POLL_EVERY_MS : false} /> : null}

      {editing && loc ? (
        <EditDialog
          key={editing.def.key}
          def={editing.def}
          location={loc}
          searchOptions={searchOptions(editing.def)}
          preset={editing.preset}
          presetScheduleAt={editing.scheduleAt}
          replacing={!!editing.replaces}
          onCancel={() => setEditing(null)}
          onSave={(a) => void onSave(a)}
          onSchedule={(a) => onSchedule(editing.def, a, editing.replaces)}
        />
      ) : null}

      {picked && !confirming ? (
        <ScheduleActionDialog
          def={picked.def}
          item={picked.item}
          busy={busy}
          onCancel={() => setPicked(null)}
          onDelete={() => {
            setConfirming(picked);
            setPicked(null);
          }}
          onEdit={onEditScheduled}
          onCompleteNow={() => void onCompleteNow()}
        />
      ) : null}

      {confirming ? (
        <ConfirmDeleteDialog
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void onConfirmDelete()}
        />
      ) : null}

      {report ? <MessageDialog {...report} listLabel="Changes not deleted" onClose={() => setReport(null)} /> : null}
    </Flex>
  );
}
