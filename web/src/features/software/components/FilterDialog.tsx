import { useState } from 'react';
import { Button, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { Check } from './Check';
import { Modal } from '@/components/Modal';
import type { AvailableArtifact } from '../api/get-available-fridge-artifacts';
import type { FridgeArtifact } from '../api/get-fridge-artifacts';
import type { Pilot } from '../api/get-fridge-software-pilots';
import { NO_VERSION, SOFTWARE, STATUSES, type InventoryFilter } from '../lib/inventory';
import { byTextNumeric } from '@/lib/collate';

interface Props {
  value: InventoryFilter;
  artifacts: FridgeArtifact[];
  available: AvailableArtifact[];
  pilots: Pilot[];
  onApply: (f: InventoryFilter) => void;
  onCancel: () => void;
}

/** 'Filter by': statuses, one software's versions (or No Version), a pilot (§4.2). */
export function FilterDialog({ value, artifacts, available, pilots, onApply, onCancel }: Props) {
  const [draft, setDraft] = useState<InventoryFilter>(value);
  const type = draft.software?.type ?? '';
  // Versions fridges run, plus those on offer, newest first by name.
  const versions = [
    ...new Set([
      ...(artifacts.find((a) => a.artifactType === type)?.versions.map((v) => v.versionName) ?? []),
      ...(available.find((a) => a.artifactType === type)?.availableVersions.map((v) => v.versionName) ?? []),
    ]),
  ].sort((a, b) => byTextNumeric(b, a));
  const toggle = (list: string[], item: string) =>
    list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

  return (
    <Modal
      title="Filter by"
      onCancel={onCancel}
      footer={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variation="primary" onClick={() => onApply(draft)}>
            Apply
          </Button>
        </>
      }
    >
      <Flex direction="column" gap="1rem">
        <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 600 }}>Status</legend>
          <Flex gap="1rem">
            {STATUSES.map((s) => (
              <Check
                key={s}
                label={s}
                checked={draft.statuses.includes(s)}
                onChange={() => setDraft((d) => ({ ...d, statuses: toggle(d.statuses, s) }))}
              />
            ))}
          </Flex>
        </fieldset>
        <SelectField
          label="Software"
          value={type}
          onChange={(e) =>
            setDraft((d) => ({ ...d, software: e.target.value ? { type: e.target.value, versions: [] } : null }))
          }
        >
          <option value="">Any software</option>
          {SOFTWARE.map((s) => (
            <option key={s.type} value={s.type}>
              {s.label}
            </option>
          ))}
        </SelectField>
        {type ? (
          <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
            <legend style={{ fontWeight: 600 }}>Versions</legend>
            <Flex direction="column" gap="0.25rem">
              {[...versions, NO_VERSION].map((v) => (
                <Check
                  key={v}
                  label={v}
                  checked={draft.software?.versions.includes(v) ?? false}
                  onChange={() =>
                    setDraft((d) => ({ ...d, software: { type, versions: toggle(d.software?.versions ?? [], v) } }))
                  }
                />
              ))}
            </Flex>
          </fieldset>
        ) : (
          <Text fontSize="small" color="font.secondary">
            Choose a software to filter by its versions.
          </Text>
        )}
        <SelectField
          label="Pilot"
          value={draft.pilotId ?? ''}
          onChange={(e) => setDraft((d) => ({ ...d, pilotId: e.target.value || null }))}
        >
          <option value="">Any pilot</option>
          {pilots.map((p) => (
            <option key={p.id} value={p.id}>
              {p.displayName}
            </option>
          ))}
        </SelectField>
      </Flex>
    </Modal>
  );
}
