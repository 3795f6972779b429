import { useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Flex, Heading, Text, ToggleButton, View } from '@aws-amplify/ui-react';
import { tableCsv } from '@/components/DataTable';
import { Guard } from '@/components/Guard';
import { StatusBadge } from '@/components/StatusBadge';
import { useAccess } from '@/lib/access';
import { download } from '@/lib/csv';
import { PHONE_QUERY, useMediaQuery } from '@/lib/media-query';
import { useToast } from '@/lib/toast';
import type { AttentionAcknowledgement } from '../api/acknowledge-attention';
import {
  ALL_KINDS,
  ATTENTION_COLUMNS,
  ATTENTION_MESSAGES,
  ATTENTION_RULES,
  ITEMS_FIRST,
  attentionHelp,
  attentionRows,
  fridgeHealthPath,
  itemPlace,
  kindTone,
  ofKind,
  openTotal,
  showLabel,
  type AttentionItem,
  type AttentionKind,
  type AttentionPanelData,
  type AttentionRules,
} from '../lib/attention';
import { AttentionAcks, ackLabel, endsByAcknowledgement, itemName } from '../lib/attention-ack';
import { sinceText } from '../lib/since-text';
import { AcknowledgeDialog } from './AcknowledgeDialog';
import { ChangedTag } from './ChangedTag';
import './attention.css';

export interface AttentionPanelProps {
  attention: AttentionPanelData;
  /** The dashboard's drop-off date: names the CSV. */
  dropOffDate: string;
  /** Scrolls to the item's stop row (or its route card, for an item without a stop) and marks it. */
  onShow: (item: AttentionItem) => void;
  /** The thresholds the help states; rules.json's by default. */
  rules?: AttentionRules;
  /** The page's kept acknowledgements: a retried Acknowledge resends the first try's requestId. */
  acks?: AttentionAcks;
  /** An item was acknowledged (the dashboard reloads: a Temperature or Unreachable item moves to Resolved). */
  onAcknowledged?: (result: AttentionAcknowledgement, item: AttentionItem) => void;
  /** An acknowledgement was refused: the panel may be behind (someone took the item first). */
  onAckRefused?: (error: unknown) => void;
  /** The items (keys) a read just changed (issue 61): marked for a while, in words and not by colour alone. */
  changed?: ReadonlySet<string>;
  /** The clock 'today' is read against: an item raised on an earlier day (Central) says its date. */
  now?: number;
}

/**
 * The Needs-attention panel (issue 42), above the route cards: the open items oldest first with a count of each
 * kind (each a filter), what ended today, the kinds' thresholds, an Export CSV, and a Show that jumps to the stop.
 * On a phone it starts folded to its counts (issue 61), so the route cards are a scroll away: its heading is a
 * button that opens it.
 */
export function AttentionPanel({
  attention,
  dropOffDate,
  onShow,
  rules = ATTENTION_RULES,
  acks,
  onAcknowledged,
  onAckRefused,
  changed,
  now = Date.now(),
}: AttentionPanelProps) {
  const headingId = useId();
  const bodyId = useId();
  const phone = useMediaQuery(PHONE_QUERY);
  const [opened, setOpened] = useState(false);
  const folded = phone && !opened;
  const [kind, setKind] = useState<string>(ALL_KINDS);
  const toast = useToast();
  const [ownAcks] = useState(() => new AttentionAcks());
  const requests = acks ?? ownAcks;
  // The item whose Acknowledge dialog is open.
  const [acking, setAcking] = useState<AttentionItem | null>(null);
  // What this page acknowledged ('{day}|{key}' → taken), shown at once, until the next answer carries it.
  const [takenHere, setTakenHere] = useState<Record<string, string>>({});
  const takenOf = (item: AttentionItem) => item.taken ?? takenHere[`${dropOffDate}|${item.key}`] ?? null;
  const withTaken = (item: AttentionItem) => ({ ...item, taken: takenOf(item) });
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Where the focus goes when the dialog closes: the opener (the default), or after a success the item (or the
  // heading, when the item moves to Resolved and its row goes).
  const returnTo = useRef<HTMLElement | null>(null);
  const openAck = (item: AttentionItem) => {
    returnTo.current = null;
    setAcking(item);
  };
  const rowOf = (key: string) =>
    [...(sectionRef.current?.querySelectorAll<HTMLElement>('li[data-key]') ?? [])].find((li) => li.dataset.key === key);
  const closeAck = (item: AttentionItem) => {
    // Taken by someone else meanwhile (a refusal reloaded the panel): its button has gone, and its row too when
    // that ended it.
    const now = attention.open.find((i) => i.key === item.key);
    returnTo.current = !now ? headingRef.current : takenOf(now) ? (rowOf(item.key) ?? headingRef.current) : null;
    setAcking(null);
  };
  const acknowledged = (item: AttentionItem, result: AttentionAcknowledgement) => {
    setTakenHere((t) => ({ ...t, [`${result.stockingDay}|${result.key}`]: result.taken }));
    const row = rowOf(item.key);
    returnTo.current = endsByAcknowledgement(item.kind) || !row ? headingRef.current : row;
    setAcking(null);
    toast.success(`${itemName(item)}: ${result.taken}`);
    onAcknowledged?.(result, item);
  };
  const total = openTotal(attention.counts);
  const open = ofKind(attention.open, kind);
  const resolved = ofKind(attention.resolved, kind);
  const chosen = attention.counts.find((c) => c.kind === kind);
  // A search's first answer carries each kind's first items only: the lists' lengths are the counts', until the
  // whole panel comes (a kept fridge item that ended is in the whole lists only, not in the server's counts).
  const whole = attention.whole;
  const openCount = whole ? open.length : (chosen?.open ?? total);
  const resolvedCount = whole
    ? resolved.length
    : (chosen?.resolved ?? attention.counts.reduce((n, c) => n + c.resolved, 0));
  const exportCsv = () =>
    download(
      `needs-attention-${dropOffDate}${chosen ? `-${chosen.kind.toLowerCase().replace(/_/g, '-')}` : ''}.csv`,
      tableCsv(ATTENTION_COLUMNS, attentionRows(open.map(withTaken), resolved.map(withTaken))),
    );
  return (
    <View
      as="section"
      ref={sectionRef}
      aria-labelledby={headingId}
      className="attention-panel"
      padding="1rem"
      backgroundColor="background.primary"
      borderRadius="6px"
    >
      <Flex alignItems="center" gap="0.75rem" wrap="wrap">
        <Heading level={2} id={headingId} fontSize="large" ref={headingRef} tabIndex={-1}>
          {phone ? (
            // A disclosure in the heading: its name stays the panel's.
            <button
              type="button"
              className="attention-disclosure"
              aria-expanded={!folded}
              aria-controls={bodyId}
              onClick={() => setOpened((o) => !o)}
            >
              <span aria-hidden="true" className="attention-disclosure-mark">
                {folded ? '▸' : '▾'}
              </span>
              {ATTENTION_MESSAGES.heading} ({total})
            </button>
          ) : (
            <>
              {ATTENTION_MESSAGES.heading}{' '}
              <Text as="span" fontSize="small" color="font.secondary" fontWeight="normal">
                · {total} open
              </Text>
            </>
          )}
        </Heading>
        {folded ? null : (
          <Button
            size="small"
            marginLeft="auto"
            // It exports every item: it waits for the whole panel.
            isDisabled={!whole || open.length + resolved.length === 0}
            onClick={exportCsv}
            // The visible words first (axe label-content-name-mismatch), then what is exported.
            aria-label={`Export CSV of ${chosen ? `the ${chosen.label} items` : 'the attention items'}`}
          >
            Export CSV
          </Button>
        )}
      </Flex>
      {folded ? (
        <Text fontSize="small" className="attention-folded-counts">
          {kindCounts(attention.counts)}
        </Text>
      ) : null}

      <div id={bodyId} hidden={folded}>
        <div role="group" aria-label="Show items of a kind" className="attention-kinds">
          <ToggleButton
            size="small"
            value={ALL_KINDS}
            isPressed={kind === ALL_KINDS}
            onChange={() => setKind(ALL_KINDS)}
          >
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
          <ItemList
            items={open}
            count={openCount}
            whole={whole}
            label={chosen ? `Open items: ${chosen.label}` : 'Open items'}
            what="open items"
            entry={(item) => (
              <ItemEntry
                key={item.key}
                item={item}
                taken={takenOf(item)}
                onShow={onShow}
                onAcknowledge={openAck}
                changed={changed?.has(item.key)}
                now={now}
              />
            )}
          />
        ) : (
          <Text padding="0.75rem 0 0">
            {total === 0 || !chosen ? ATTENTION_MESSAGES.empty : ATTENTION_MESSAGES.noneOfKind(chosen.label)}
          </Text>
        )}

        <details className="attention-more">
          <summary>Resolved today ({resolvedCount})</summary>
          {resolved.length ? (
            <ItemList
              items={resolved}
              count={resolvedCount}
              whole={whole}
              label="Resolved today"
              what="resolved items"
              entry={(item) => (
                <ItemEntry
                  key={item.key}
                  item={item}
                  taken={takenOf(item)}
                  onShow={onShow}
                  changed={changed?.has(item.key)}
                  now={now}
                />
              )}
            />
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
      </div>

      {acking ? (
        <AcknowledgeDialog
          day={dropOffDate}
          item={acking}
          now={now}
          requests={requests}
          returnFocus={returnTo}
          onCancel={() => closeAck(acking)}
          onAcknowledged={(result) => acknowledged(acking, result)}
          onRefused={onAckRefused}
        />
      ) : null}
    </View>
  );
}

/**
 * A list of items: the first ITEMS_FIRST, and a button that shows them all (and the first again). While the
 * panel is not whole (`whole`: a search's first answer), the button says how many are coming and waits for them.
 */
function ItemList({
  items,
  count,
  whole,
  label,
  what,
  entry,
}: {
  items: AttentionItem[];
  /** How many items the list has in all: more than `items` while the panel is not whole. */
  count: number;
  whole: boolean;
  label: string;
  /** The items in words, for the button: 'open items'. */
  what: string;
  entry: (item: AttentionItem) => ReactNode;
}) {
  const listId = useId();
  const [all, setAll] = useState(false);
  const more = Math.max(count, items.length) > ITEMS_FIRST;
  return (
    <>
      <ul className="attention-list" aria-label={label} id={listId}>
        {(all || !more ? items : items.slice(0, ITEMS_FIRST)).map(entry)}
      </ul>
      {more && !whole ? (
        <Button size="small" variation="link" className="attention-all" isDisabled>
          {`Loading all ${count} ${what}…`}
        </Button>
      ) : more ? (
        <Button
          size="small"
          variation="link"
          className="attention-all"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll((a) => !a)}
        >
          {all ? `Show the first ${ITEMS_FIRST} ${what}` : `Show all ${items.length} ${what}`}
        </Button>
      ) : null}
    </>
  );
}

/**
 * One item: its kind, where, since when, the facts, who took it, how it ended, and a jump to its stop; an open
 * item nobody took yet offers Acknowledge to a user who may (`onAcknowledge`, AcknowledgeAttention).
 */
function ItemEntry({
  item,
  taken,
  onShow,
  onAcknowledge,
  changed = false,
  now,
}: {
  item: AttentionItem;
  /** Who took it: the answer's, or what this page acknowledged since. */
  taken: string | null;
  onShow: (item: AttentionItem) => void;
  onAcknowledge?: (item: AttentionItem) => void;
  /** A read just changed it: a 'Changed' tag and a tint for a while. */
  changed?: boolean;
  /** The page's clock: an item of an earlier day says its date. */
  now: number;
}) {
  return (
    // Focusable by script: the focus comes back here after the item is acknowledged.
    <li
      className="attention-item"
      data-kind={item.kind}
      data-key={item.key}
      data-changed={changed ? 'true' : undefined}
      tabIndex={-1}
    >
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
          since {sinceText(item, now)} CT
        </Text>
        {changed ? <ChangedTag /> : null}
      </Flex>
      <Text className="attention-facts">{item.facts}</Text>
      {taken ? (
        <Text className="attention-taken" fontSize="small">
          {taken}
        </Text>
      ) : null}
      {item.endedHow ? (
        <Text className="attention-ended" fontSize="small">
          Ended: {item.endedHow}
        </Text>
      ) : null}
      <Flex gap="0.5rem" alignItems="center" wrap="wrap">
        <Button size="small" variation="link" onClick={() => onShow(item)} aria-label={showLabel(item)}>
          Show
        </Button>
        {onAcknowledge && !taken ? (
          <Guard call="acknowledgeAttention" hide>
            {() => (
              <Button size="small" onClick={() => onAcknowledge(item)} aria-label={ackLabel(item)}>
                Acknowledge
              </Button>
            )}
          </Guard>
        ) : null}
      </Flex>
    </li>
  );
}

/** A folded panel's counts: each kind with open items ('Stop stuck: 2 · Temperature: 1'), or that none is open. */
function kindCounts(counts: AttentionPanelData['counts']): string {
  const open = counts.filter((c) => c.open > 0);
  return open.length ? open.map((c) => `${c.label}: ${c.open}`).join(' · ') : ATTENTION_MESSAGES.empty;
}

/** The location id, linked to its fridge's health page for a user who may open it (the id alone otherwise). */
function LocationLink({ id }: { id: string }) {
  const { canOpen } = useAccess();
  const to = fridgeHealthPath(id);
  return canOpen(to) ? <Link to={to}>{id}</Link> : <>{id}</>;
}

/** Each kind's glyph (24×24 paths; every kind has one); beside the kind's word, never instead of it. */
const ICONS: Record<AttentionKind | typeof ALL_KINDS, string> = {
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
  // A flag: the driver took the route as theirs.
  ROUTE_CLAIMED: 'M14.4 6 14 4H5v17h2v-7h5.6l.4 2h7V6z',
};
// The glyphs by any kind's name, as the server sends it: a kind this build does not know has none.
const ICON_OF: Partial<Record<string, string>> = ICONS;
// A kind this build does not know: a warning sign.
const UNKNOWN_ICON = 'M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z';

function KindIcon({ kind }: { kind: string }) {
  return (
    <svg className="attention-icon" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICON_OF[kind] ?? UNKNOWN_ICON} fill="currentColor" />
    </svg>
  );
}
