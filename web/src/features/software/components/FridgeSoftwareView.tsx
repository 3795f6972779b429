import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { StatusBadge } from '@/components/StatusBadge';
import { Guard } from '@/components/Guard';
import { useRefusal } from '@/lib/access';
import { useLocationsList } from '@/lib/locations/use-locations-list';
import type { Deployment } from '../api/fridge-software-deployments';
import { putFridgeSoftwarePilot } from '../api/put-fridge-software-pilot';
import { updateFridgeArtifacts } from '../api/update-fridge-artifacts';
import { softwareKeys, useSoftwareData } from '../api/use-software-data';
import { EMPTY_PILOT, runDeployment, type DeployForm, type DeploymentResult } from '../lib/deployment';
import {
  applyFilter,
  DEFAULT_FILTER,
  filterLabel,
  fridgesInManyPilots,
  inventoryRows,
  isFiltered,
  NO_FILTER,
  pilotColour,
  pilotColours,
  SOFTWARE,
  type FridgeRow,
  type InventoryFilter,
} from '../lib/inventory';
import { MESSAGES } from '../lib/messages';
import { DeploymentPanel } from './DeploymentPanel';
import { DeploymentsDialog, rollbackPlan } from './DeploymentsDialog';
import { DeployResultDialog } from './DeployResultDialog';
import { FilterDialog } from './FilterDialog';
import { ManyPilotsWarning, PilotIcon } from './PilotIcon';
import { LOAD_LOCATIONS_FAILURE } from '@/lib/messages';

const calls = { update: updateFridgeArtifacts, putPilot: putFridgeSoftwarePilot };

/** /locations/fridge_software: what every fridge runs, filters, deployments and pilots (spec 2-fleet-operations §2.1). */
export function FridgeSoftwareView() {
  const qc = useQueryClient();
  const locations = useLocationsList();
  const { artifacts, available, pilots, refused } = useSoftwareData();
  const versionsRefusal = useRefusal('getFridgeArtifacts');
  const pilotsRefusal = useRefusal('getFridgeSoftwarePilots');
  const availableRefusal = useRefusal('getAvailableFridgeArtifacts');
  const locationsRefusal = useRefusal('locations');
  const pilotsAllowed = !useRefusal('putFridgeSoftwarePilot');
  const [filter, setFilter] = useState<InventoryFilter>(DEFAULT_FILTER);
  const [filtering, setFiltering] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  // The ticked fridges, by id: TanStack Table's row selection, kept here while the panel is open.
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [result, setResult] = useState<DeploymentResult | null>(null);
  const [showDeployments, setShowDeployments] = useState(false);

  const pilotList = useMemo(() => pilots.data ?? [], [pilots.data]);
  const colours = useMemo(() => pilotColours(pilotList.map((p) => p.id)), [pilotList]);
  const rows = useMemo(
    () => inventoryRows(locations.locations, artifacts.data ?? [], pilotList),
    [locations.locations, artifacts.data, pilotList],
  );
  const shown = useMemo(() => applyFilter(rows, filter, pilotList), [rows, filter, pilotList]);
  const knownIds = useMemo(() => new Set(locations.locations.map((l) => l.id)), [locations.locations]);
  const crowded = useMemo(() => fridgesInManyPilots(pilotList), [pilotList]);
  const { loadOffline } = locations;
  useEffect(() => {
    if (filter.statuses.includes('OFFLINE')) loadOffline();
  }, [filter.statuses, loadOffline]);

  const finish = (r: DeploymentResult) => {
    setResult(r);
    // The data reloads and the filter resets to LIVE (§4.1).
    void qc.invalidateQueries({ queryKey: softwareKeys.all });
    setFilter(DEFAULT_FILTER);
    setSelection({});
  };

  const deploying = useMutation({
    mutationFn: (form: DeployForm) => runDeployment(form, calls),
    onSuccess: (r) => {
      finish(r);
      setPanelOpen(false);
    },
  });

  const rollingBack = useMutation({
    mutationFn: async ({ type, d }: { type: string; d: Deployment }) => {
      const total: DeploymentResult = {
        version: 'success',
        pilot: 'n/a',
        failedFridges: [],
        versionError: null,
        pilotError: null,
      };
      for (const group of rollbackPlan(d)) {
        const r = await runDeployment(
          {
            fridges: group.fridges,
            unknown: [],
            software: type,
            version: group.version,
            asPilot: false,
            pilot: EMPTY_PILOT(''),
          },
          calls,
        );
        if (r.version === 'failure') total.version = 'failure';
        total.failedFridges.push(...r.failedFridges);
        total.versionError ??= r.versionError;
      }
      return total;
    },
    onSuccess: finish,
  });
  const busy = deploying.isPending || rollingBack.isPending;
  const rollBack = (type: string, d: Deployment) => {
    setShowDeployments(false);
    rollingBack.mutate({ type, d });
  };

  const pilotsColumn: DataColumn<FridgeRow> = {
    id: 'pilots',
    header: 'Pilots',
    headerExtra: <ManyPilotsWarning fridges={crowded} />,
    width: '6rem',
    value: (r) =>
      r.pilots
        .map((p) => p.displayName)
        .sort()
        .join(', '),
    cell: (r) =>
      r.pilots.map((p) => <PilotIcon key={p.id} pilot={p} colour={colours.get(p.id) ?? pilotColour(p.id)} />),
  };

  const columns: DataColumn<FridgeRow>[] = [
    // A part the user may not load is left out, not shown blank (issue 22).
    ...(refused.pilots ? [] : [pilotsColumn]),
    {
      id: 'name',
      header: 'Fridge Name',
      value: (r) => r.id,
      cell: (r) => (
        <RouterLink
          to={`/locations/detail/${encodeURIComponent(r.id)}`}
          title="Details and change history"
          style={{ color: 'var(--amplify-colors-font-interactive)' }}
        >
          {r.id}
        </RouterLink>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      value: (r) => r.status,
      cell: (r) => (r.status ? <StatusBadge>{r.status}</StatusBadge> : null),
      width: '7rem',
    },
    ...(refused.artifacts
      ? []
      : SOFTWARE.map((s) => ({ id: s.type, header: s.label, value: (r: FridgeRow) => r.versions[s.type] ?? '' }))),
  ];

  // A refused part is said plainly below; only a real failure is an error (issue 22).
  const loadError = (artifacts.isError && !refused.artifacts) || (pilots.isError && !refused.pilots);
  const why = (reason: string | undefined) => reason ?? 'The server refused them.';
  const leftOut = [
    refused.locations || (locations.error && locationsRefusal)
      ? `The fridges are not listed. ${why(locationsRefusal)}`
      : null,
    refused.artifacts ? `The software versions are not shown. ${why(versionsRefusal)}` : null,
    refused.pilots ? `The pilots are not shown. ${why(pilotsRefusal)}` : null,
    refused.available && panelOpen ? `The versions on offer are not shown. ${why(availableRefusal)}` : null,
  ].filter((t): t is string => t !== null);
  return (
    <Flex direction="column" gap="1rem">
      {loadError ? <Alert variation="error">{MESSAGES.loadFailure}</Alert> : null}
      {available.isError && !refused.available ? <Alert variation="error">{MESSAGES.availableFailure}</Alert> : null}
      {locations.error && !locationsRefusal ? <Alert variation="error">{LOAD_LOCATIONS_FAILURE}</Alert> : null}
      {leftOut.map((t) => (
        <Text key={t} role="note">
          {t}
        </Text>
      ))}
      {panelOpen ? (
        <DeploymentPanel
          selected={Object.keys(selection).filter((id) => selection[id])}
          knownIds={knownIds}
          available={available.data ?? []}
          pilots={pilotList}
          busy={busy}
          onDeploy={(form) => deploying.mutate(form)}
          onCancel={() => {
            setPanelOpen(false);
            setSelection({});
          }}
        />
      ) : null}
      <DataTable
        label="Fridge software"
        noun="fridges"
        data={shown}
        total={rows.length}
        columns={columns}
        getRowId={(r) => r.id}
        selection={
          panelOpen
            ? { state: selection, onChange: setSelection, label: (r) => `Select ${r.id}`, width: '4rem' }
            : undefined
        }
        row={{ label: (r) => r.id }}
        filter={{ label: 'Search fridges', placeholder: MESSAGES.searchPlaceholder, columns: ['name'] }}
        height="600px"
        loading={locations.refreshing || artifacts.isLoading || pilots.isLoading}
        emptyMessage="No fridges to show."
        exportFileName="fridge-software.csv"
        toolbar={
          <Flex gap="0.5rem" alignItems="flex-end" wrap="wrap">
            <Button onClick={() => setFiltering(true)}>{filterLabel(filter, pilotList)}</Button>
            {isFiltered(filter) ? (
              <Button variation="link" onClick={() => setFilter(NO_FILTER)}>
                Clear filter
              </Button>
            ) : null}
            {!panelOpen ? (
              // Create Deployment deploys a version or saves a pilot: refused only to a user who may do neither.
              <Guard call={pilotsAllowed ? '' : 'updateFridgeArtifacts'}>
                {(disabled) => (
                  <Button variation="primary" onClick={() => setPanelOpen(true)} isDisabled={disabled}>
                    Create Deployment
                  </Button>
                )}
              </Guard>
            ) : null}
            <Guard call="fridgeSoftwareDeployments">
              {(disabled) => (
                <Button onClick={() => setShowDeployments(true)} isDisabled={disabled}>
                  Deployments
                </Button>
              )}
            </Guard>
          </Flex>
        }
      />
      {filtering ? (
        <FilterDialog
          value={filter}
          artifacts={artifacts.data ?? []}
          available={available.data ?? []}
          pilots={pilotList}
          onApply={(f) => {
            setFilter(f);
            setFiltering(false);
          }}
          onCancel={() => setFiltering(false)}
        />
      ) : null}
      {showDeployments ? <DeploymentsDialog onRollBack={rollBack} onClose={() => setShowDeployments(false)} /> : null}
      {result ? <DeployResultDialog result={result} onClose={() => setResult(null)} /> : null}
    </Flex>
  );
}
