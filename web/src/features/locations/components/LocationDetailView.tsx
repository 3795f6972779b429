import { useEffect, useMemo, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Flex,
  Heading,
  Loader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
  View,
} from '@aws-amplify/ui-react';
import { useToast } from '@/lib/toast';
import { createScheduleChange } from '../api/create-schedule-change';
import { deleteScheduleChange } from '../api/delete-schedule-change';
import { messageOf } from '../api/error-message';
import { generateAprivaDeviceAddress } from '../api/generate-device-address';
import { locationKey, useLocation } from '../api/get-location';
import { scheduleKey, useScheduleChanges } from '../api/read-schedule-change';
import { updateLocation } from '../api/update-location';
import { useNameOptions } from '../api/use-name-options';
import { MESSAGES, type Option } from '../lib/constants';
import { currentDisplay, DETAIL_FIELDS, type FieldDef } from '../lib/detail-fields';
import type { SaveAction, ScheduleAction } from '../lib/edit-state';
import { completeNowInputs, isoToLocal, scheduleInputs, scheduleItemsFor, type ScheduleItem } from '../lib/schedule';
import type { Location } from '../lib/types';
import { EditDialog } from './EditDialog';
import { ConfirmDeleteDialog, ScheduleActionDialog, ScheduledChangesList } from './ScheduleDialogs';

const POLL_EVERY_MS = 2000;
const POLL_FOR_MS = 20000;
const SCHEDULE_FAILURE = 'Unable to schedule the change, Please check your internet and your permissions';
const DELETE_FAILURE = 'Unable to delete the scheduled change, Please check your internet and your permissions';

interface Editing {
  def: FieldDef;
  preset?: unknown;
  scheduleAt?: string;
}

const editable = (def: FieldDef) => def.kind !== 'readonly';

export function LocationDetailView({ id }: { id: string }) {
  const toast = useToast();
  const qc = useQueryClient();
  const [pollUntil, setPollUntil] = useState<number | null>(null);
  const polling = pollUntil !== null;
  const location = useLocation(id, { refetchInterval: polling ? POLL_EVERY_MS : false });
  const schedules = useScheduleChanges(id, { refetchInterval: polling ? POLL_EVERY_MS : false });
  const names = useNameOptions();

  const [editing, setEditing] = useState<Editing | null>(null);
  const [picked, setPicked] = useState<{ def: FieldDef; item: ScheduleItem } | null>(null);
  const [confirming, setConfirming] = useState<{ def: FieldDef; item: ScheduleItem } | null>(null);
  const [busy, setBusy] = useState(false);
  const [generating, setGenerating] = useState(false);

  useEffect(() => {
    if (pollUntil === null) return undefined;
    const t = setTimeout(() => setPollUntil(null), Math.max(0, pollUntil - Date.now()));
    return () => clearTimeout(t);
  }, [pollUntil]);

  const reloadLocation = () => qc.invalidateQueries({ queryKey: locationKey(id) });
  const reloadSchedules = () => qc.invalidateQueries({ queryKey: scheduleKey(id) });

  const searchOptions = (def: FieldDef): Option[] | undefined =>
    def.searchList ? names[def.searchList] : undefined;

  const itemsByRow = useMemo(() => {
    const map = new Map<string, ScheduleItem[]>();
    const changes = schedules.data ?? [];
    for (const def of DETAIL_FIELDS) if (editable(def)) map.set(def.key, scheduleItemsFor(def, changes));
    return map;
  }, [schedules.data]);

  if (!id) return <Navigate to="/Locations/all" replace />;
  if (location.isSuccess && location.data === null) return <Navigate to="/Locations/all" replace />;

  const loc: Location | null | undefined = location.data;

  const onSave = async (action: Extract<SaveAction, { type: 'update' }>) => {
    setEditing(null);
    try {
      await updateLocation(action.input);
      toast.success(MESSAGES.updateSuccess);
    } catch (err) {
      toast.error(messageOf(err, MESSAGES.updateFailure));
    } finally {
      void reloadLocation();
    }
  };

  const onSchedule = async (def: FieldDef, action: Extract<ScheduleAction, { type: 'schedule' }>) => {
    try {
      await createScheduleChange(scheduleInputs(id, action.values, action.dateTime));
      setEditing(null);
      toast.success(`Scheduled the change of ${def.label}`);
    } catch (err) {
      toast.error(messageOf(err, SCHEDULE_FAILURE));
    } finally {
      void reloadSchedules();
    }
  };

  /** Deletes an item: its primary change, then any partner still there. */
  const deleteItem = async (item: ScheduleItem) => {
    await deleteScheduleChange({ uuid: item.primary.uuid, actionTime: item.primary.actionTime });
    for (const p of item.partners) {
      try {
        await deleteScheduleChange({ uuid: p.uuid, actionTime: p.actionTime });
      } catch {
        // Already deleted with its pair (allocation schedules are deleted together).
      }
    }
  };

  const onConfirmDelete = async () => {
    if (!confirming) return;
    setBusy(true);
    try {
      await deleteItem(confirming.item);
      toast.success('Scheduled change deleted');
    } catch (err) {
      toast.error(messageOf(err, DELETE_FAILURE));
    } finally {
      setBusy(false);
      setConfirming(null);
      void reloadSchedules();
    }
  };

  const onEditScheduled = async () => {
    if (!picked) return;
    const { def, item } = picked;
    setBusy(true);
    try {
      await deleteItem(item);
      setPicked(null);
      setEditing({ def, preset: item.editValue, scheduleAt: isoToLocal(item.actionTime) });
    } catch (err) {
      toast.error(messageOf(err, DELETE_FAILURE));
    } finally {
      setBusy(false);
      void reloadSchedules();
    }
  };

  const onCompleteNow = async () => {
    if (!picked) return;
    const { item } = picked;
    setBusy(true);
    try {
      await deleteItem(item);
      await createScheduleChange(completeNowInputs(item));
      toast.success('The change will be applied in a few seconds');
      setPollUntil(Date.now() + POLL_FOR_MS);
    } catch (err) {
      toast.error(messageOf(err, SCHEDULE_FAILURE));
    } finally {
      setBusy(false);
      setPicked(null);
      void reloadSchedules();
    }
  };

  const onGenerate = async () => {
    setGenerating(true);
    try {
      const address = await generateAprivaDeviceAddress(id);
      toast.success(`New device address: ${address}`);
    } catch (err) {
      toast.error(messageOf(err, MESSAGES.deviceAddressFailure));
    } finally {
      setGenerating(false);
      void reloadLocation();
    }
  };

  return (
    <Flex direction="column" gap="1rem">
      <Flex alignItems="baseline" gap="1rem" wrap="wrap">
        <Heading level={2}>{id}</Heading>
        {loc?.prettyName ? <Text fontSize="large">{loc.prettyName}</Text> : null}
        {location.isFetching || polling ? <Loader size="small" aria-label="Loading" /> : null}
      </Flex>
      {loc?.lastModified ? (
        <Text fontSize="small" color="font.tertiary">
          Last modified {new Date(loc.lastModified).toLocaleString()}
          {loc.lastModifiedBy ? ` by ${loc.lastModifiedBy}` : ''}
        </Text>
      ) : null}

      {location.isError ? <Alert variation="error">{MESSAGES.loadLocationFailure}</Alert> : null}
      {names.errors.map((m) => (
        <Alert key={m} variation="error">
          {m}
        </Alert>
      ))}
      {location.isLoading ? <Loader variation="linear" /> : null}

      {loc ? (
        <View overflow="auto">
          <Table size="small" variation="striped" aria-label={`Properties of ${id}`}>
            <TableHead>
              <TableRow>
                <TableCell as="th" width="16rem">
                  Property
                </TableCell>
                <TableCell as="th">Value</TableCell>
                <TableCell as="th" width="10rem">
                  <span className="amplify-visually-hidden">Actions</span>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {DETAIL_FIELDS.map((def) => (
                <TableRow key={def.key} data-field={def.key}>
                  <TableCell as="th" scope="row">
                    {def.label}
                  </TableCell>
                  <TableCell>
                    <Flex direction="column" gap="0.25rem">
                      <Text data-testid={`value-${def.key}`} style={{ whiteSpace: 'pre-wrap' }}>
                        {currentDisplay(def, loc)}
                      </Text>
                      {(def.kind === 'allocation' || def.kind === 'reserve') && loc.updateReason?.[def.key] ? (
                        <Text fontSize="small" color="font.tertiary">
                          Reason: {loc.updateReason[def.key]}
                        </Text>
                      ) : null}
                      {editable(def) ? (
                        <ScheduledChangesList
                          def={def}
                          items={itemsByRow.get(def.key) ?? []}
                          onPick={(item) => setPicked({ def, item })}
                        />
                      ) : null}
                    </Flex>
                  </TableCell>
                  <TableCell>
                    <Flex gap="0.5rem" wrap="wrap">
                      {editable(def) ? (
                        <Button size="small" onClick={() => setEditing({ def })} aria-label={`Edit ${def.label}`}>
                          Edit
                        </Button>
                      ) : (
                        <Text fontSize="small" color="font.tertiary">
                          read-only
                        </Text>
                      )}
                      {def.kind === 'deviceAddress' ? (
                        <Button
                          size="small"
                          onClick={onGenerate}
                          isLoading={generating}
                          loadingText="Generating…"
                          aria-label="Generate Campus Card device address"
                        >
                          Generate
                        </Button>
                      ) : null}
                    </Flex>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </View>
      ) : null}

      {editing && loc ? (
        <EditDialog
          key={editing.def.key}
          def={editing.def}
          location={loc}
          searchOptions={searchOptions(editing.def)}
          preset={editing.preset}
          presetScheduleAt={editing.scheduleAt}
          onCancel={() => setEditing(null)}
          onSave={(a) => void onSave(a)}
          onSchedule={(a) => onSchedule(editing.def, a)}
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
          onEdit={() => void onEditScheduled()}
          onCompleteNow={() => void onCompleteNow()}
        />
      ) : null}

      {confirming ? (
        <ConfirmDeleteDialog busy={busy} onCancel={() => setConfirming(null)} onConfirm={() => void onConfirmDelete()} />
      ) : null}
    </Flex>
  );
}
