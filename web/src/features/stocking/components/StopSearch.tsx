import { Button, Flex, SearchField, Text } from '@aws-amplify/ui-react';
import { stopStatusLabel } from '../lib/dashboard';
import type { StopSearchResult } from '../lib/stop-search';

/** What the search says when it keeps nothing. */
export const NO_MATCH = 'No stop matches.';

export interface StopSearchProps {
  text: string;
  onText: (text: string) => void;
  /** The statuses chosen in the Summary: named in what the search says. */
  statuses: ReadonlySet<string>;
  result: StopSearchResult;
  /** Back to every stop (the text and the statuses). */
  onClear: () => void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the search keeps, in words: '3 stops on 2 routes match (Incomplete).', or NO_MATCH. */
export function searchSummary(result: StopSearchResult, statuses: ReadonlySet<string>): string {
  if (!result.filtering) return '';
  if (!result.routes.length) return NO_MATCH;
  const of = statuses.size ? ` (${[...statuses].map(stopStatusLabel).join(', ')})` : '';
  return `${plural(result.matches, 'stop', 'stops')} on ${plural(result.routes.length, 'route', 'routes')} ${
    result.matches === 1 ? 'matches' : 'match'
  }${of}.`;
}

/**
 * Find a stop (issue 61), above the route cards: a location's id or name, a route or a driver (name or e-mail);
 * the statuses are chosen in the Summary. What it keeps is said in a polite live region, which the cards follow.
 */
export function StopSearch({ text, onText, statuses, result, onClear }: StopSearchProps) {
  const said = searchSummary(result, statuses);
  return (
    <Flex direction="column" gap="0.25rem" className="stop-search">
      <Flex alignItems="flex-end" gap="0.75rem" wrap="wrap">
        <SearchField
          label="Find a stop"
          labelHidden={false}
          placeholder="Location, route or driver"
          descriptiveText="Shows only the stops whose location (id or name), route or driver holds the text."
          value={text}
          onChange={(e) => onText(e.target.value)}
          onClear={() => onText('')}
          hasSearchButton={false}
          width="min(24rem, 100%)"
          autoComplete="off"
        />
        {result.filtering ? (
          <Button size="small" variation="link" onClick={onClear}>
            Show every stop
          </Button>
        ) : null}
      </Flex>
      {/* In the page from the start (a region shown with its first words is not always read out). */}
      <Text role="status" fontSize="small" className="stop-search-result">
        {said}
      </Text>
      {result.filtering && result.waiting ? (
        <Text fontSize="small" color="font.secondary">
          The stops of {plural(result.waiting, 'route', 'routes')} are still loading: they are searched once they
          arrive.
        </Text>
      ) : null}
    </Flex>
  );
}
