import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Flex, Heading, Text, ToggleButton, View } from '@aws-amplify/ui-react';
import { tableCsv } from '@/components/DataTable';
import { StatusBadge } from '@/components/StatusBadge';
import { useAccess } from '@/lib/access';
import { download } from '@/lib/csv';
import {
  ALL_KINDS,
  ATTENTION_COLUMNS,
  ATTENTION_MESSAGES,
  ATTENTION_RULES,
  attentionHelp,
  attentionRows,
  fridgeHealthPath,
  itemPlace,
  kindTone,
  ofKind,
  openTotal,
  showLabel,
  type AttentionItem,
  type AttentionPanelData,
  type AttentionRules,
} from '../lib/attention';
import './attention.css';

export interface AttentionPanelProps {
  attention: AttentionPanelData;
  /** The dashboard's drop-off date: names the CSV. */
  dropOffDate: string;
  /** Scrolls to the item's stop row (or its route card, for an item without a stop) and marks it. */
  onShow: (item: AttentionItem) => void;
  /** The thresholds the help states; rules.json's by default. */
  rules?: AttentionRules;
}

/**
 * The Needs-attention panel (issue 42), above the route cards: the open items oldest first with a count of each
 * kind (each a filter), what ended today, the kinds' thresholds, an Export CSV, and a Show that jumps to the stop.
 */
export function AttentionPanel({ attention, dropOffDate, onShow, rules = ATTENTION_RULES }: AttentionPanelProps) {
  const headingId = useId();
  const [kind, setKind] = useState<string>(ALL_KINDS);
  const total = openTotal(attention.counts);
  const open = ofKind(attention.open, kind);
  const resolved = ofKind(attention.resolved, kind);
  const chosen = attention.counts.find((c) => c.kind === kind);
  const exportCsv = () =>
    download(
      `needs-attention-${dropOffDate}${chosen ? `-${chosen.kind.toLowerCase().replace(/_/g, '-')}` : ''}.csv`,
      tableCsv(ATTENTION_COLUMNS, attentionRows(open, resolved)),
    );
  return (
    <View
      as="section"
      aria-labelledby={headingId}
      className="attention-panel"
      padding="1rem"
      backgroundColor="background.primary"
      borderRadius="6px"
    >
      <Flex alignItems="center" gap="0.75rem" wrap="wrap">
        <Heading level={2} id={headingId} fontSize="large">
          {ATTENTION_MESSAGES.heading}{' '}
          <Text as="span" fontSize="small" color="font.secondary" fontWeight="normal">
            · {total} open
          </Text>
        </Heading>
        <Button
          size="small"
          marginLeft="auto"
          isDisabled={open.length + resolved.length === 0}
          onClick={exportCsv}
          // The visible words first (axe label-content-name-mismatch), then what is exported.
          aria-label={`Export CSV of ${chosen ? `the ${chosen.label} items` : 'the attention items'}`}
        >
          Export CSV
        </Button>
      </Flex>

      <div role="group" aria-label="Show items of a kind" className="attention-kinds">
        <ToggleButton size="small" value={ALL_KINDS} isPressed={kind === ALL_KINDS} onChange={() => setKind(ALL_KINDS)}>
          <KindIcon kind={ALL_KINDS} />
          All: {total}
        </ToggleButton>
        {attention.counts.map((c) => (
          <ToggleButton
            key={c.kind}
            size="small"
            value={c.kind}
            isPressed={kind === c.kind}
            // Pressed again, a kind's filter goes back to all.
            onChange={() => setKind((k) => (k === c.kind ? ALL_KINDS : c.kind))}
            data-kind={c.kind}
            data-tone={c.open ? kindTone(c.kind) : 'neutral'}
            className="attention-kind"
          >
            <KindIcon kind={c.kind} />
            {c.label}: {c.open}
          </ToggleButton>
        ))}
      </div>

      {open.length ? (
        <ul className="attention-list" aria-label={chosen ? `Open items: ${chosen.label}` : 'Open items'}>
          {open.map((item) => (
            <ItemEntry key={item.key} item={item} onShow={onShow} />
          ))}
        </ul>
      ) : (
        <Text padding="0.75rem 0 0">
          {total === 0 || !chosen ? ATTENTION_MESSAGES.empty : ATTENTION_MESSAGES.noneOfKind(chosen.label)}
        </Text>
      )}

      <details className="attention-more">
        <summary>Resolved today ({resolved.length})</summary>
        {resolved.length ? (
          <ul className="attention-list" aria-label="Resolved today">
            {resolved.map((item) => (
              <ItemEntry key={item.key} item={item} onShow={onShow} />
            ))}
          </ul>
        ) : (
          <Text padding="0.5rem 0 0" fontSize="small" color="font.secondary">
            Nothing has been resolved today{chosen ? ` of the kind ${chosen.label}` : ''}.
          </Text>
        )}
      </details>

      <details className="attention-more">
        <summary>When an item is raised</summary>
        <ul className="attention-help">
          {attentionHelp(rules).map((h) => (
            <li key={h.kind}>
              <strong>{attention.counts.find((c) => c.kind === h.kind)?.label ?? h.kind}:</strong> {h.text}
            </li>
          ))}
        </ul>
      </details>
    </View>
  );
}

/** One item: its kind, where, since when, the facts, who took it, how it ended, and a jump to its stop. */
function ItemEntry({ item, onShow }: { item: AttentionItem; onShow: (item: AttentionItem) => void }) {
  return (
    <li className="attention-item" data-kind={item.kind}>
      <Flex alignItems="center" gap="0.5rem" wrap="wrap">
        <StatusBadge tone={kindTone(item.kind)}>
          <span className="attention-badge">
            <KindIcon kind={item.kind} />
            {item.kindLabel}
          </span>
        </StatusBadge>
        <Text as="span" fontWeight="600" className="attention-place">
          {itemPlace(item)}
          {item.locationId ? (
            <>
              {' · '}
              <LocationLink id={item.locationId} />
            </>
          ) : null}
        </Text>
        <Text as="span" fontSize="small" color="font.secondary">
          since {item.sinceCentral} CT
        </Text>
      </Flex>
      <Text className="attention-facts">{item.facts}</Text>
      {item.taken ? (
        <Text className="attention-taken" fontSize="small">
          {item.taken}
        </Text>
      ) : null}
      {item.endedHow ? (
        <Text className="attention-ended" fontSize="small">
          Ended: {item.endedHow}
        </Text>
      ) : null}
      <Button size="small" variation="link" onClick={() => onShow(item)} aria-label={showLabel(item)}>
        Show
      </Button>
    </li>
  );
}

/** The location id, linked to its fridge's health page for a user who may open it (the id alone otherwise). */
function LocationLink({ id }: { id: string }) {
  const { canOpen } = useAccess();
  const to = fridgeHealthPath(id);
  return canOpen(to) ? <Link to={to}>{id}</Link> : <>{id}</>;
}

/** Each kind's glyph (24×24 paths); beside the kind's word, never instead of it. */
const ICONS: Record<string, string> = {
  // A list.
  [ALL_KINDS]: 'M3 13h2v-2H3zm0 4h2v-2H3zm0-8h2V7H3zm4 4h14v-2H7zm0 4h14v-2H7zM7 7v2h14V7z',
  // A clock.
  ROUTE_NOT_STARTED:
    'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8zm.5-13H11v6l5.25 3.15.75-1.23-4.5-2.67z',
  // An hourglass.
  STOP_STUCK:
    'M6 2v6h.01L6 8.01 10 12l-4 4 .01.01H6V22h12v-5.99h-.01L18 16l-4-4 4-3.99-.01-.01H18V2H6zm10 14.5V20H8v-3.5l4-4 4 4zm-4-5-4-4V4h8v3.5l-4 4z',
  // A muted speaker.
  DRIVER_QUIET:
    'M16.5 12c0-1.77-1.02-3.29-2.5-4.03v2.21l2.45 2.45c.03-.2.05-.41.05-.63zm2.5 0c0 .94-.2 1.82-.54 2.64l1.51 1.51C20.63 14.91 21 13.5 21 12c0-4.28-2.99-7.86-7-8.77v2.06c2.89.86 5 3.54 5 6.71zM4.27 3 3 4.27 7.73 9H3v6h4l5 5v-6.73l4.25 4.25c-.67.52-1.42.93-2.25 1.18v2.06c1.38-.31 2.63-.95 3.69-1.81L19.73 21 21 19.73l-9-9L4.27 3zM12 4 9.91 6.09 12 8.18V4z',
  // A thermometer.
  TEMPERATURE:
    'M15 13V5c0-1.66-1.34-3-3-3S9 3.34 9 5v8c-1.21.91-2 2.37-2 4 0 2.76 2.24 5 5 5s5-2.24 5-5c0-1.63-.79-3.09-2-4zm-4-8c0-.55.45-1 1-1s1 .45 1 1h-1v1h1v2h-1v1h1v2h-2V5z',
  // A fridge.
  FRIDGE_NEEDS_DRIVER:
    'M18 2.01 6 2c-1.11 0-2 .89-2 2v16c0 1.1.89 2 2 2h12c1.11 0 2-.9 2-2V4c0-1.11-.89-1.99-2-1.99zM18 20H6v-9.02h12V20zm0-11H6V4h12v5zM8 5h2v3H8zm0 7h2v5H8z',
  // A no-entry sign.
  UNREACHABLE:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zM4 12c0-4.42 3.58-8 8-8 1.85 0 3.55.63 4.9 1.69L5.69 16.9C4.63 15.55 4 13.85 4 12zm8 8c-1.85 0-3.55-.63-4.9-1.69L18.31 7.1C19.37 8.45 20 10.15 20 12c0 4.42-3.58 8-8 8z',
};
// A kind this build does not know: a warning sign.
const UNKNOWN_ICON = 'M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z';

function KindIcon({ kind }: { kind: string }) {
  return (
    <svg className="attention-icon" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICONS[kind] ?? UNKNOWN_ICON} fill="currentColor" />
    </svg>
  );
}
