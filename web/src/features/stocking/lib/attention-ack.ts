/**
 * Acknowledging a Needs-attention item (issue 42): an operator takes it on with a note. The server keeps one
 * acknowledgement per item and shows it on the panel as "taken by {name} at {HH:MM}: {note}"; a Temperature or
 * Unreachable item ends by it, the others stay open until what raised them ends.
 */
import rules from '@/generated/rules.json';
import type { AcknowledgeAttentionInput } from '@/generated/gql/graphql';
import { RetainedRequests } from '@/lib/retained-requests';
import type { AttentionItem } from './attention';

/** A note is at most this many characters (rules.json `attention.noteMaxChars`, the server's limit). */
export const NOTE_MAX_CHARS: number = rules.attention.noteMaxChars;

/** The server's words for a blank note. */
export const NOTE_REQUIRED = 'A note is required to acknowledge an item';

/** Why Acknowledge cannot send yet, or null when it can. */
export function ackProblem(note: string): string | null {
  const trimmed = note.trim();
  if (!trimmed) return NOTE_REQUIRED;
  if (trimmed.length > NOTE_MAX_CHARS) return `The note is at most ${NOTE_MAX_CHARS} characters.`;
  return null;
}

/** The kinds an acknowledgement ends (rules.json `attention.endedByAcknowledgement`); the others stay open, taken. */
const ENDED_BY_ACKNOWLEDGEMENT: readonly string[] = rules.attention.endedByAcknowledgement;
export const endsByAcknowledgement = (kind: string) => ENDED_BY_ACKNOWLEDGEMENT.includes(kind);

/** An item by its kind and place: 'Stop stuck at stop 3 of route R1', 'Temperature on route R1'. */
export function itemName(item: Pick<AttentionItem, 'kindLabel' | 'route' | 'stop'>): string {
  return item.stop === null
    ? `${item.kindLabel} on route ${item.route}`
    : `${item.kindLabel} at stop ${item.stop} of route ${item.route}`;
}

/** The Acknowledge button's name: its word first (axe label-content-name-mismatch), then the item. */
export const ackLabel = (item: Pick<AttentionItem, 'kindLabel' | 'route' | 'stop'>) => `Acknowledge ${itemName(item)}`;

/**
 * Each item's acknowledgement, kept until it is answered for good: a retry with the same note after a lost
 * answer or a server failure resends exactly the first try — its requestId — so the server answers the first
 * result instead of refusing it as someone else's. A success or a refusal ends it; another note is a new request.
 */
export class AttentionAcks {
  private readonly held = new RetainedRequests<AcknowledgeAttentionInput>();

  constructor(private readonly newId: () => string = () => crypto.randomUUID()) {}

  /** The input of acknowledging the item `key` of stocking day `day` with `note`. */
  inputFor(day: string, key: string, note: string): AcknowledgeAttentionInput {
    const trimmed = note.trim();
    return this.held.inputFor(heldKey(day, key), trimmed, () => ({
      stockingDay: day,
      key,
      note: trimmed,
      requestId: this.newId(),
    }));
  }

  /** The answer to `input`: ended unless `error` is worth retrying (the acknowledgement may have landed). */
  settled(input: AcknowledgeAttentionInput, error?: unknown) {
    this.held.settled(heldKey(input.stockingDay, input.key), input, error);
  }
}

const heldKey = (day: string, key: string) => JSON.stringify([day, key]);
