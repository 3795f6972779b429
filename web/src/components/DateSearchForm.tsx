import { useState } from 'react';
import { Button, Flex } from '@aws-amplify/ui-react';
import { DatePicker } from './DatePicker';
import { CENTRAL_ZONE } from '@/lib/central-time';
import { todayIn } from './dates';

/** Pick a date (Central), then Search: the first step of the stocking-day lists. */
export function DateSearchForm({
  label = 'Drop Off Date',
  formLabel = 'Drop-off date',
  onSearch,
}: {
  label?: string;
  formLabel?: string;
  onSearch: (date: string) => void;
}) {
  const [date, setDate] = useState(() => todayIn(CENTRAL_ZONE));
  return (
    <form
      aria-label={formLabel}
      onSubmit={(e) => {
        e.preventDefault();
        if (date) onSearch(date);
      }}
    >
      <Flex direction="column" gap="1rem" maxWidth="24rem">
        <DatePicker label={label} value={date} onChange={setDate} timeZoneLabel="CT" />
        <Flex>
          <Button type="submit" variation="primary" isDisabled={!date}>
            Search
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
