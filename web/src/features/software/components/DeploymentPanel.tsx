import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Heading, SelectField, Text, TextAreaField, TextField, View } from '@aws-amplify/ui-react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DatePicker } from '@/components/DatePicker';
import { ErrorPanel } from '@/components/ErrorPanel';
import { todayIn } from '@/components/dates';
import { Guard } from '@/components/Guard';
import { useRefusal } from '@/lib/access';
import { count } from '@/lib/count';
import type { AvailableArtifact } from '../api/get-available-fridge-artifacts';
import type { Pilot } from '../api/get-fridge-software-pilots';
import { useUnknownFridges } from '../api/use-unknown-fridges';
import {
  canDeploy,
  EMPTY_PILOT,
  loadedVersion,
  pilotFields,
  pilotProblems,
  takenBy,
  type DeployForm,
  type PilotFields,
} from '../lib/deployment';
import { labelOf, SOFTWARE, typedIds } from '../lib/inventory';
import { MESSAGES } from '../lib/messages';
import { Check } from './Check';

interface Props {
  /** Fridges ticked in the table. */
  selected: string[];
  /** The fridges of the cached list: a typed id not among them is checked with the server. */
  knownIds: Set<string>;
  available: AvailableArtifact[];
  /** The pilots loaded: an id among them is edited from its loaded version, never replaced blind. */
  pilots: Pilot[];
  busy: boolean;
  onDeploy: (form: DeployForm) => void;
  onCancel: () => void;
}

/** Create Deployment (§2.1): fridges typed or ticked, software and version, optionally a pilot. */
export function DeploymentPanel({ selected, knownIds, available, pilots, busy, onDeploy, onCancel }: Props) {
  const [text, setText] = useState('');
  const [software, setSoftware] = useState('');
  const [version, setVersion] = useState('');
  const [asPilot, setAsPilot] = useState(false);
  const [pilot, setPilot] = useState<PilotFields>(() => EMPTY_PILOT(todayIn()));
  const [confirming, setConfirming] = useState(false);

  const typed = useMemo(() => typedIds(text), [text]);
  const check = useUnknownFridges(typed, knownIds);
  // Until the server has answered for every id the list lacks, DEPLOY waits.
  const unknown = [...check.unknown, ...check.checking, ...check.unchecked];
  const fridges = [...new Set([...selected, ...typed])];
  const form: DeployForm = { fridges, unknown, software, version, asPilot, pilot };
  const deployRefusal = useRefusal('updateFridgeArtifacts');
  const pilotRefusal = useRefusal('putFridgeSoftwarePilot');
  // DEPLOY makes the calls the form asks for: the one the user lacks names the reason.
  const versionChosen = software !== '' && version !== '';
  const deployCall =
    versionChosen && deployRefusal
      ? 'updateFridgeArtifacts'
      : asPilot && pilotRefusal
        ? 'putFridgeSoftwarePilot'
        : !versionChosen && !asPilot && deployRefusal && pilotRefusal
          ? 'updateFridgeArtifacts'
          : '';
  const versions = available.find((a) => a.artifactType === software)?.availableVersions ?? [];
  const set = (key: Exclude<keyof PilotFields, 'loaded'>) => (value: string) =>
    setPilot((p) => ({ ...p, [key]: value }));
  const problems = asPilot ? pilotProblems(pilot) : [];
  // Saving over a pilot that was not loaded is refused (409): say so before DEPLOY.
  const taken = asPilot ? takenBy(pilot, pilots) : undefined;
  const editing = asPilot ? loadedVersion(pilot) : null;

  const what = [
    software && version ? `${labelOf(software)} ${version}` : null,
    asPilot ? `pilot '${pilot.displayName}'` : null,
  ]
    .filter(Boolean)
    .join(' and ');

  return (
    <View
      as="section"
      aria-label="Create Deployment"
      padding="1rem"
      border="1px solid var(--amplify-colors-border-primary)"
      borderRadius="6px"
    >
      <Heading level={2} fontSize="large" marginBottom="0.75rem">
        Create Deployment
      </Heading>
      <Flex gap="1.5rem" wrap="wrap" alignItems="flex-start">
        <Flex direction="column" gap="0.5rem" width="18rem">
          <TextAreaField
            label={MESSAGES.typedIdsLabel}
            rows={8}
            value={text}
            onChange={(e) => setText(e.target.value)}
            descriptiveText={`${fridges.length} ${fridges.length === 1 ? 'fridge' : 'fridges'} (${selected.length} ticked, ${typed.length} typed)`}
          />
          <ErrorPanel heading={MESSAGES.unknownFridges} messages={check.unknown} />
          {check.checking.length > 0 ? (
            <Text fontSize="small" role="status">
              {`Checking ${count(check.checking.length, 'fridge ID')} with the server…`}
            </Text>
          ) : null}
          <ErrorPanel
            variation="warning"
            heading="These fridge IDs could not be checked with the server:"
            messages={check.unchecked}
            footer={
              <Button size="small" marginTop="0.5rem" onClick={check.retry}>
                Check again
              </Button>
            }
          />
        </Flex>
        <Flex direction="column" gap="0.75rem" width="18rem">
          <SelectField
            label="Software"
            value={software}
            onChange={(e) => {
              setSoftware(e.target.value);
              setVersion('');
            }}
            isDisabled={deployRefusal !== undefined}
            descriptiveText={deployRefusal}
          >
            <option value="">Choose software</option>
            {SOFTWARE.map((s) => (
              <option key={s.type} value={s.type}>
                {s.label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Version"
            value={version}
            onChange={(e) => setVersion(e.target.value)}
            isDisabled={!software || deployRefusal !== undefined}
          >
            <option value="">Choose version</option>
            {versions.map((v) => (
              <option key={v.versionName} value={v.versionName}>
                {v.cleanName}
              </option>
            ))}
          </SelectField>
          <Guard call="putFridgeSoftwarePilot">
            {(refused) => (
              <Check
                label="Pilot?"
                checked={asPilot && !refused}
                disabled={refused}
                onChange={() => setAsPilot((v) => !v)}
              />
            )}
          </Guard>
        </Flex>
        {asPilot && !pilotRefusal ? (
          <Flex direction="column" gap="0.5rem" width="20rem">
            <TextField label="Pilot ID" value={pilot.id} onChange={(e) => set('id')(e.target.value)} />
            <TextField
              label="Display Name"
              value={pilot.displayName}
              onChange={(e) => set('displayName')(e.target.value)}
            />
            <TextField
              label="Pilot Stage"
              placeholder="1"
              inputMode="numeric"
              value={pilot.stage}
              onChange={(e) => set('stage')(e.target.value)}
            />
            <DatePicker label="Start Date" value={pilot.startDate} onChange={set('startDate')} />
            <DatePicker label="End Date" value={pilot.endDate} onChange={set('endDate')} min={pilot.startDate} />
            <TextAreaField
              label="Description"
              rows={2}
              value={pilot.description}
              onChange={(e) => set('description')(e.target.value)}
            />
            <ErrorPanel heading="To save the pilot:" variation="info" messages={problems} />
            {taken ? (
              <Alert variation="warning" role="status" heading={`Pilot ${taken.id} already exists.`}>
                Edit it, or choose another Pilot ID.{' '}
                <Button size="small" onClick={() => setPilot(pilotFields(taken))}>
                  EDIT PILOT {taken.id}
                </Button>
              </Alert>
            ) : null}
            {editing !== null ? (
              <Text fontSize="small">{`Editing pilot ${pilot.id.trim()} (version ${editing}).`}</Text>
            ) : null}
          </Flex>
        ) : null}
      </Flex>
      <Flex justifyContent="flex-end" gap="0.5rem" marginTop="1rem">
        <Button onClick={onCancel} isDisabled={busy}>
          CANCEL
        </Button>
        <Guard call={deployCall}>
          {(refused) => (
            <Button
              variation="primary"
              onClick={() => setConfirming(true)}
              isDisabled={refused || !canDeploy(form) || taken !== undefined || busy}
              isLoading={busy}
              loadingText="Deploying…"
            >
              DEPLOY
            </Button>
          )}
        </Guard>
      </Flex>
      {confirming ? (
        <ConfirmDialog
          title={`Deploy ${what} to ${fridges.length} ${fridges.length === 1 ? 'fridge' : 'fridges'}?`}
          confirmLabel="Deploy"
          cancelLabel="Cancel"
          onConfirm={() => {
            setConfirming(false);
            onDeploy(form);
          }}
          onCancel={() => setConfirming(false)}
        >
          {fridges.slice(0, 20).join(', ')}
          {fridges.length > 20 ? ` and ${fridges.length - 20} more` : ''}
        </ConfirmDialog>
      ) : null}
    </View>
  );
}
