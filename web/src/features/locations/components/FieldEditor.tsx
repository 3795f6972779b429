import { useId } from 'react';
import {
  Button,
  CheckboxField,
  Fieldset,
  Flex,
  Radio,
  RadioGroupField,
  SelectField,
  Text,
  TextField,
} from '@aws-amplify/ui-react';
import { ALLOCATION_REASONS, RESERVE_REASONS, STATES, WEEKDAYS, type Option } from '../lib/constants';
import { ADDRESS_FIELDS, type FieldDef } from '../lib/detail-fields';
import type { EditorState } from '../lib/edit-state';
import { copyMondayToWeekdays, hoursOutput } from '../lib/hours';

export interface FieldEditorProps {
  def: FieldDef;
  locationId: string;
  state: EditorState;
  onChange: (next: EditorState) => void;
  searchOptions?: Option[];
  /** Shown under a search field when the value is not an offered option. */
  searchProblem?: string | null;
}

function withCurrent(options: Option[], value: string): Option[] {
  return value === '' || options.some((o) => o.value === value) ? options : [...options, { value, label: value }];
}

/** The inputs of one edit dialog, by field kind. */
export function FieldEditor({ def, locationId, state, onChange, searchOptions = [], searchProblem }: FieldEditorProps) {
  const listId = useId();
  const set = (patch: Partial<EditorState>) => onChange({ ...state, ...patch });

  switch (def.kind) {
    case 'select':
      return (
        <SelectField
          label={def.label}
          value={state.value}
          placeholder={state.value === '' ? 'Choose…' : undefined}
          onChange={(e) => set({ value: e.target.value })}
          data-autofocus
        >
          {withCurrent(def.options ?? [], state.value).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
      );

    case 'search':
      return (
        <>
          <TextField
            label={def.label}
            value={state.value}
            onChange={(e) => set({ value: e.target.value })}
            list={listId}
            autoComplete="off"
            hasError={!!searchProblem}
            errorMessage={searchProblem ?? undefined}
            descriptiveText="Start typing, then pick one of the offered options"
            data-autofocus
          />
          <datalist id={listId}>
            {searchOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label !== o.value ? o.label : undefined}
              </option>
            ))}
          </datalist>
        </>
      );

    case 'address':
      return (
        <Flex direction="column" gap="0.75rem">
          {ADDRESS_FIELDS.map((f) =>
            f === 'state' ? (
              <SelectField
                key={f}
                label="state"
                value={state.address.state}
                placeholder={state.address.state === '' ? 'Choose…' : undefined}
                onChange={(e) => set({ address: { ...state.address, state: e.target.value } })}
              >
                {withCurrent(
                  STATES.map((s) => ({ value: s, label: s })),
                  state.address.state,
                ).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </SelectField>
            ) : (
              <TextField
                key={f}
                label={f}
                value={state.address[f]}
                onChange={(e) => set({ address: { ...state.address, [f]: e.target.value } })}
                data-autofocus={f === 'street' ? true : undefined}
              />
            ),
          )}
        </Flex>
      );

    case 'hours': {
      const h = state.hours;
      const setHours = (patch: Partial<typeof h>) => set({ hours: { ...h, ...patch } });
      return (
        <Flex direction="column" gap="0.75rem">
          <RadioGroupField
            legend={`24 hours for ${locationId}`}
            name="is24"
            direction="row"
            value={h.is24}
            onChange={(e) => setHours({ is24: e.target.value as 'yes' | 'no' })}
          >
            <Radio value="yes">Yes</Radio>
            <Radio value="no">No</Radio>
          </RadioGroupField>
          {h.is24 === 'no' ? (
            <>
              {WEEKDAYS.map((d) => (
                <Flex key={d} gap="0.75rem" alignItems="flex-end" wrap="wrap">
                  <Text width="6rem" paddingBottom="0.5rem">
                    {d}
                  </Text>
                  <TextField
                    label={`${d} start`}
                    type="time"
                    value={h.days[d].from}
                    onChange={(e) => setHours({ days: { ...h.days, [d]: { ...h.days[d], from: e.target.value } } })}
                  />
                  <TextField
                    label={`${d} end`}
                    type="time"
                    min={h.days[d].from || undefined}
                    value={h.days[d].to}
                    onChange={(e) => setHours({ days: { ...h.days, [d]: { ...h.days[d], to: e.target.value } } })}
                  />
                </Flex>
              ))}
              <Flex>
                <Button size="small" onClick={() => setHours({ days: copyMondayToWeekdays(h.days) })}>
                  Copy Monday to Tuesday–Friday
                </Button>
              </Flex>
            </>
          ) : null}
          {h.is24 ? <Text fontSize="small">Summary: {hoursOutput(h).hours || '—'}</Text> : null}
        </Flex>
      );
    }

    case 'allocation':
    case 'reserve': {
      const reasons: readonly string[] = def.kind === 'allocation' ? ALLOCATION_REASONS : RESERVE_REASONS;
      return (
        <Flex direction="column" gap="0.75rem">
          <SelectField
            label={def.label}
            value={state.flag}
            onChange={(e) => set({ flag: e.target.value as '1' | '0' })}
            data-autofocus
          >
            <option value="1">Yes</option>
            <option value="0">No</option>
          </SelectField>
          <SelectField
            label="Reason"
            value={state.reason}
            placeholder="Choose a reason"
            onChange={(e) => set({ reason: e.target.value })}
          >
            {reasons.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </SelectField>
          {state.reason === 'Other' ? (
            <TextField label="Other reason" value={state.other} onChange={(e) => set({ other: e.target.value })} />
          ) : null}
          {def.kind === 'allocation' ? (
            <Text fontSize="small" color="font.tertiary">
              Allocation must be turned on before 6pm; Northeast fridges must be on before 6pm two days before stocking.
            </Text>
          ) : null}
        </Flex>
      );
    }

    case 'stockingSchedule':
      return (
        <Fieldset legend="Stocking days" direction="row" wrap="wrap" gap="1rem">
          {WEEKDAYS.map((d) => (
            <CheckboxField
              key={d}
              label={d}
              name={`stock-${d}`}
              value="1"
              checked={state.stocking[d]}
              onChange={(e) => set({ stocking: { ...state.stocking, [d]: e.target.checked } })}
            />
          ))}
        </Fieldset>
      );

    case 'deviceAddress':
      // Only generateAprivaDeviceAddress sets it: never typed in.
      return <Text>The device address cannot be typed in; use Generate.</Text>;

    default:
      return (
        <TextField
          label={def.label}
          type={def.kind === 'date' ? 'date' : 'text'}
          inputMode={def.kind === 'number' ? 'decimal' : def.kind === 'integer' ? 'numeric' : undefined}
          value={state.value}
          onChange={(e) => set({ value: e.target.value })}
          data-autofocus
        />
      );
  }
}
