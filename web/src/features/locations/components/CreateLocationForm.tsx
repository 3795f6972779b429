import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Button,
  CheckboxField,
  Fieldset,
  Flex,
  Grid,
  SelectField,
  Text,
  TextAreaField,
  TextField,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import { useCreateLocation } from '../api/create-location';
import { messageOf } from '@/lib/error-message';
import { useNameOptions } from '../api/use-name-options';
import {
  ACCESS_TO,
  CREATE_TIME_ZONES,
  DAY_SHORT,
  LIVE_OFFLINE,
  STATES,
  VERTICALS,
  WEEKDAYS,
  type Option,
  type Weekday,
} from '../lib/constants';
import {
  buildCreatePayload,
  CREATE_LABELS,
  CREATE_REQUIRED,
  defaultCreateForm,
  validateCreateForm,
  withState,
  withTimeZone,
  type CreateForm,
  type CreateFormErrors,
} from '../lib/create-form';
import { Modal } from '@/components/Modal';
import { Guard } from '@/components/Guard';
import { isForbidden } from '@/lib/api';
import { CREATE_LOCATION_FAILURE } from '@/lib/messages';

type TextKey = {
  [K in keyof CreateForm]: CreateForm[K] extends string ? K : never;
}[keyof CreateForm];

const YES_NO: Option[] = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

const optionsOf = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));

type LabelledKey = keyof typeof CREATE_LABELS;

/** The visible mark of a required field; the field itself says "required" to assistive technology. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" style={{ color: 'var(--amplify-colors-font-error)', marginLeft: '0.25rem' }}>
      *
    </span>
  );
}

/** A field's words, with the required mark when the server requires it. */
function labelOf(key: LabelledKey, required = CREATE_REQUIRED.has(key)): ReactNode {
  return (
    <>
      {CREATE_LABELS[key]}
      {required ? <RequiredMark /> : null}
    </>
  );
}

/**
 * The field's key as a second, smaller label: the server's messages name the
 * field by it ('layoutName cannot be empty').
 */
function keyHint(key: string, inputId: string, more?: string): ReactNode {
  return (
    <>
      <label htmlFor={inputId} style={{ fontFamily: 'monospace' }}>
        {key}
      </label>
      {more ? ` · ${more}` : null}
    </>
  );
}

export function CreateLocationForm() {
  const navigate = useNavigate();
  const names = useNameOptions();
  const create = useCreateLocation();
  const [form, setForm] = useState<CreateForm>(defaultCreateForm);
  const [errors, setErrors] = useState<CreateFormErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Each refused submit moves the focus to the first field with an error.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const idBase = useId();
  const inputId = (key: string) => `${idBase}-${key}`;

  const set = <K extends keyof CreateForm>(key: K, value: CreateForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const text = (
    key: TextKey & LabelledKey,
    extra: Partial<React.ComponentProps<typeof TextField>> & { hint?: string } = {},
  ) => {
    const { hint, ...rest } = extra;
    const required = CREATE_REQUIRED.has(key);
    return (
      <TextField
        id={inputId(key)}
        label={labelOf(key)}
        descriptiveText={keyHint(key, inputId(key), hint)}
        name={key}
        value={form[key] as string}
        onChange={(e) => set(key, e.target.value as never)}
        hasError={!!errors[key]}
        errorMessage={errors[key]}
        isRequired={required}
        aria-required={required || undefined}
        {...rest}
      />
    );
  };

  const select = (
    key: TextKey & LabelledKey,
    options: Option[],
    onChange?: (v: string) => void,
    placeholder?: string,
  ) => (
    <SelectField
      id={inputId(key)}
      label={labelOf(key)}
      descriptiveText={keyHint(key, inputId(key))}
      isRequired={CREATE_REQUIRED.has(key)}
      aria-required={CREATE_REQUIRED.has(key) || undefined}
      name={key}
      value={form[key] as string}
      placeholder={placeholder}
      onChange={(e) => (onChange ? onChange(e.target.value) : set(key, e.target.value as never))}
      hasError={!!errors[key]}
      errorMessage={errors[key]}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );

  const setDay = (day: Weekday, part: 'from' | 'to', value: string) =>
    setForm((f) => ({ ...f, days: { ...f.days, [day]: { ...f.days[day], [part]: value } } }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateCreateForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setRefusals((n) => n + 1);
      return;
    }
    create.mutate(buildCreatePayload(form), {
      onSuccess: (loc) => navigate(`/locations/detail/${encodeURIComponent(loc.id ?? form.id.trim())}`),
      // A permission failure already opens the kit's dialog (the query client's mutation cache).
      onError: (err) => {
        if (!isForbidden(err)) setAlert(messageOf(err, CREATE_LOCATION_FAILURE));
      },
    });
  };

  const errorCount = Object.keys(errors).length;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="New location">
      <Flex direction="column" gap="1rem">
        <Text fontSize="small" color="font.secondary">
          <span aria-hidden="true">
            <RequiredMark /> Required
          </span>
          <VisuallyHidden>Fields marked with an asterisk are required</VisuallyHidden>
        </Text>
        {names.errors.map((m) => (
          <Alert key={m} variation="error">
            {m}
          </Alert>
        ))}

        <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr', large: '1fr 1fr 1fr' }} gap="1rem">
          {text('id', { hint: 'Letters, digits and underscore only' })}
          {text('prettyName')}
          {select('accessTo', optionsOf(ACCESS_TO))}
          {text('street')}
          {text('city')}
          {select('state', optionsOf(STATES), (v) => setForm((f) => withState(f, v)))}
          {text('zipCode')}
          {text('latitude', { inputMode: 'decimal' })}
          {text('longitude', { inputMode: 'decimal' })}
          {text('taxRate', { inputMode: 'decimal' })}
          {text('percentage', { inputMode: 'decimal' })}
          {text('baseCommission', { type: 'number', min: 0, step: 0.001 })}
          {select('layoutName', names.layoutName, undefined, 'Choose a layout')}
          {select('fridgeSchema', names.fridgeSchema)}
          {select('priceMapTemplate', names.priceMapTemplate)}
          {text('onlineDate', { type: 'date' })}
          {select('status', optionsOf(LIVE_OFFLINE))}
          {select('publicStatus', optionsOf(LIVE_OFFLINE))}
          {select('prod', YES_NO)}
          {select('reserve', YES_NO)}
          {select('vertical', optionsOf(VERTICALS))}
          {select('timeZone', CREATE_TIME_ZONES, (v) => setForm((f) => withTimeZone(f, v)))}
          {text('route')}
          {text('stop', { inputMode: 'numeric' })}
          {select('holidayScreenEnabled', YES_NO)}
          {select('holidayScreenFridgeSpecific', YES_NO)}
          {text('holidayScreenStartDate', { type: 'date' })}
          {text('holidayScreenEndDate', { type: 'date' })}
        </Grid>

        <TextAreaField
          id={inputId('directions')}
          label={labelOf('directions')}
          descriptiveText={keyHint('directions', inputId('directions'))}
          name="directions"
          isRequired={CREATE_REQUIRED.has('directions')}
          aria-required={CREATE_REQUIRED.has('directions') || undefined}
          rows={2}
          value={form.directions}
          onChange={(e) => set('directions', e.target.value)}
          hasError={!!errors.directions}
          errorMessage={errors.directions}
        />

        <Fieldset legend="Stocking schedule" direction="row" wrap="wrap" gap="1rem">
          {WEEKDAYS.map((d) => (
            <CheckboxField
              key={d}
              label={d}
              name={`stocking${d}`}
              value="1"
              checked={form.stockingSchedule[d]}
              onChange={(e) =>
                setForm((f) => ({ ...f, stockingSchedule: { ...f.stockingSchedule, [d]: e.target.checked } }))
              }
            />
          ))}
        </Fieldset>

        <Fieldset legend="Hours" direction="column" gap="0.75rem">
          <SelectField
            label="24 hours"
            name="hours"
            value={form.hours}
            onChange={(e) => set('hours', e.target.value as '1' | '0')}
          >
            <option value="1">Yes</option>
            <option value="0">No</option>
          </SelectField>
          {form.hours === '0'
            ? WEEKDAYS.map((d) => {
                const s = DAY_SHORT[d];
                return (
                  <Flex key={d} gap="1rem" alignItems="flex-start" wrap="wrap">
                    <Text width="6rem" paddingTop="2rem">
                      {d}
                    </Text>
                    <TextField
                      label={
                        <>
                          {d} from
                          <RequiredMark />
                        </>
                      }
                      isRequired
                      aria-required
                      type="time"
                      value={form.days[d].from}
                      onChange={(e) => setDay(d, 'from', e.target.value)}
                      hasError={!!errors[`from${s}`]}
                      errorMessage={errors[`from${s}`]}
                    />
                    <TextField
                      label={
                        <>
                          {d} to
                          <RequiredMark />
                        </>
                      }
                      isRequired
                      aria-required
                      type="time"
                      min={form.days[d].from || undefined}
                      value={form.days[d].to}
                      onChange={(e) => setDay(d, 'to', e.target.value)}
                      hasError={!!errors[`to${s}`]}
                      errorMessage={errors[`to${s}`]}
                    />
                  </Flex>
                );
              })
            : null}
        </Fieldset>

        {errorCount > 0 ? (
          <Alert variation="warning">Please correct the highlighted fields ({errorCount}).</Alert>
        ) : null}

        <Flex>
          <Guard call="createLocation">
            {(refused) => (
              <Button
                type="submit"
                variation="primary"
                isDisabled={refused}
                isLoading={create.isPending}
                loadingText="Creating…"
              >
                Create
              </Button>
            )}
          </Guard>
        </Flex>
      </Flex>

      {alert !== null ? (
        <Modal
          title="Unable to create the location"
          role="alertdialog"
          onCancel={() => setAlert(null)}
          footer={
            <Button data-autofocus onClick={() => setAlert(null)}>
              Close
            </Button>
          }
        >
          <Text>{alert}</Text>
        </Modal>
      ) : null}
    </form>
  );
}
