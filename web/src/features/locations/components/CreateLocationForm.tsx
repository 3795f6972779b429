import { useState, type FormEvent } from 'react';
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
} from '@aws-amplify/ui-react';
import { useCreateLocation } from '../api/create-location';
import { messageOf } from '../api/error-message';
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
  defaultCreateForm,
  validateCreateForm,
  withState,
  withTimeZone,
  type CreateForm,
  type CreateFormErrors,
} from '../lib/create-form';
import { Modal } from '@/components/Modal';
import { CREATE_LOCATION_FAILURE } from '@/lib/messages';

type TextKey = {
  [K in keyof CreateForm]: CreateForm[K] extends string ? K : never;
}[keyof CreateForm];

const YES_NO: Option[] = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

const optionsOf = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));

export function CreateLocationForm() {
  const navigate = useNavigate();
  const names = useNameOptions();
  const create = useCreateLocation();
  const [form, setForm] = useState<CreateForm>(defaultCreateForm);
  const [errors, setErrors] = useState<CreateFormErrors>({});
  const [alert, setAlert] = useState<string | null>(null);

  const set = <K extends keyof CreateForm>(key: K, value: CreateForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const text = (key: TextKey, label: string = key, extra: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField
      label={label}
      name={key}
      value={form[key] as string}
      onChange={(e) => set(key, e.target.value as never)}
      hasError={!!errors[key]}
      errorMessage={errors[key]}
      {...extra}
    />
  );

  const select = (
    key: TextKey,
    label: string,
    options: Option[],
    onChange?: (v: string) => void,
    placeholder?: string,
  ) => (
    <SelectField
      label={label}
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
    if (Object.keys(found).length > 0) return;
    create.mutate(buildCreatePayload(form), {
      onSuccess: (loc) => navigate(`/locations/detail/${encodeURIComponent(loc.id ?? form.id.trim())}`),
      onError: (err) => setAlert(messageOf(err, CREATE_LOCATION_FAILURE)),
    });
  };

  const errorCount = Object.keys(errors).length;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New location">
      <Flex direction="column" gap="1rem">
        {names.errors.map((m) => (
          <Alert key={m} variation="error">
            {m}
          </Alert>
        ))}

        <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr', large: '1fr 1fr 1fr' }} gap="1rem">
          {text('id', 'id', { isRequired: true, descriptiveText: 'Letters, digits and underscore only' })}
          {text('prettyName', 'prettyName', { isRequired: true })}
          {select('accessTo', 'accessTo', optionsOf(ACCESS_TO))}
          {text('street', 'street', { isRequired: true })}
          {text('city', 'city', { isRequired: true })}
          {select('state', 'state', optionsOf(STATES), (v) => setForm((f) => withState(f, v)))}
          {text('zipCode', 'zipCode', { isRequired: true })}
          {text('latitude', 'latitude', { isRequired: true, inputMode: 'decimal' })}
          {text('longitude', 'longitude', { isRequired: true, inputMode: 'decimal' })}
          {text('taxRate', 'taxRate', { isRequired: true, inputMode: 'decimal' })}
          {text('percentage', 'percentage', { inputMode: 'decimal' })}
          {text('baseCommission', 'baseCommission', { type: 'number', min: 0, step: 0.001 })}
          {select('layoutName', 'layoutName', names.layoutName, undefined, 'Choose a layout')}
          {select('fridgeSchema', 'fridgeSchema', names.fridgeSchema)}
          {select('priceMapTemplate', 'priceMapTemplate', names.priceMapTemplate)}
          {text('onlineDate', 'onlineDate', { type: 'date', isRequired: true })}
          {select('status', 'status', optionsOf(LIVE_OFFLINE))}
          {select('publicStatus', 'publicStatus', optionsOf(LIVE_OFFLINE))}
          {select('prod', 'Ready for allocation', YES_NO)}
          {select('reserve', 'reserve (Mobile Ordering)', YES_NO)}
          {select('vertical', 'vertical', optionsOf(VERTICALS))}
          {select('timeZone', 'timeZone', CREATE_TIME_ZONES, (v) => setForm((f) => withTimeZone(f, v)))}
          {text('route', 'route')}
          {text('stop', 'stop', { inputMode: 'numeric' })}
          {select('holidayScreenEnabled', 'holidayScreenEnabled', YES_NO)}
          {select('holidayScreenFridgeSpecific', 'holidayScreenFridgeSpecific', YES_NO)}
          {text('holidayScreenStartDate', 'holidayScreenStartDate', { type: 'date' })}
          {text('holidayScreenEndDate', 'holidayScreenEndDate', { type: 'date' })}
        </Grid>

        <TextAreaField
          label="directions"
          name="directions"
          isRequired
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
                      label={`${d} from`}
                      type="time"
                      value={form.days[d].from}
                      onChange={(e) => setDay(d, 'from', e.target.value)}
                      hasError={!!errors[`from${s}`]}
                      errorMessage={errors[`from${s}`]}
                    />
                    <TextField
                      label={`${d} to`}
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
          <Button type="submit" variation="primary" isLoading={create.isPending} loadingText="Creating…">
            Create
          </Button>
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
