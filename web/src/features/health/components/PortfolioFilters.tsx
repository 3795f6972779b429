import { Button, Flex, Heading, SelectField, SwitchField, View } from '@aws-amplify/ui-react';
import { ALL, DEFAULT_FILTER, FILTER_TOGGLES, jofemarOptionLabel, type PortfolioFilter } from '../lib/portfolio';

export interface PortfolioFiltersProps {
  value: PortfolioFilter;
  onChange: (f: PortfolioFilter) => void;
  jofemarStates: string[];
  timezones: string[];
}

/** The Filters panel of /portfoliohealth (§2.2); the list and chart follow every change at once. */
export function PortfolioFilters({ value, onChange, jofemarStates, timezones }: PortfolioFiltersProps) {
  const set = (patch: Partial<PortfolioFilter>) => onChange({ ...value, ...patch });
  const changed = JSON.stringify(value) !== JSON.stringify(DEFAULT_FILTER);
  return (
    <View
      as="section"
      aria-labelledby="health-filters-heading"
      padding="1rem"
      backgroundColor="background.primary"
      borderRadius="6px"
      style={{ border: '1px solid var(--amplify-colors-border-secondary)' }}
    >
      <Heading level={2} fontSize="xl" id="health-filters-heading" marginBottom="0.75rem">
        Filters
      </Heading>
      <Flex direction="column" gap="0.6rem">
        {FILTER_TOGGLES.map((t) => (
          <SwitchField
            key={t.key}
            label={t.label}
            labelPosition="end"
            isChecked={value[t.key]}
            onChange={(e) => set({ [t.key]: e.target.checked })}
          />
        ))}
        <SelectField
          label="Jofemar State"
          value={value.jofemarState}
          onChange={(e) => set({ jofemarState: e.target.value })}
        >
          <option value={ALL}>{ALL}</option>
          {jofemarStates.map((s) => (
            <option key={s} value={s}>
              {jofemarOptionLabel(s)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Timezone" value={value.timezone} onChange={(e) => set({ timezone: e.target.value })}>
          <option value={ALL}>{ALL}</option>
          {timezones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </SelectField>
        <Button size="small" variation="link" onClick={() => onChange(DEFAULT_FILTER)} isDisabled={!changed}>
          Reset filters
        </Button>
      </Flex>
    </View>
  );
}
