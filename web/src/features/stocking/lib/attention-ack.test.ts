import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import rules from '@/generated/rules.json';
import { attentionItem } from './attention-fixtures';
import { AttentionAcks, NOTE_MAX_CHARS, ackLabel, ackProblem, endsByAcknowledgement, itemName } from './attention-ack';

describe('acknowledging a Needs-attention item', () => {
  it('needs a note, trimmed, of at most the server’s limit', () => {
    expect(NOTE_MAX_CHARS).toBe(rules.attention.noteMaxChars);
    expect(NOTE_MAX_CHARS).toBe(500);
    expect(ackProblem('')).toBe('A note is required to acknowledge an item');
    expect(ackProblem('  \n ')).toBe('A note is required to acknowledge an item');
    expect(ackProblem(` ${'x'.repeat(500)} `)).toBeNull();
    expect(ackProblem('x'.repeat(501))).toBe('The note is at most 500 characters.');
    expect(ackProblem('calling the driver')).toBeNull();
  });

  it('names the item by its kind and place, the button’s word first', () => {
    const stuck = attentionItem('k', 'STOP_STUCK', { stop: 3, route: 'R7' });
    expect(itemName(stuck)).toBe('Stop stuck at stop 3 of route R7');
    expect(ackLabel(stuck)).toBe('Acknowledge Stop stuck at stop 3 of route R7');
    expect(ackLabel(attentionItem('t', 'TEMPERATURE'))).toBe('Acknowledge Temperature on route R1');
    // A claimed route is route-level: no stop.
    expect(ackLabel(attentionItem('c', 'ROUTE_CLAIMED', { route: 'R4' }))).toBe(
      'Acknowledge Route claimed on route R4',
    );
  });

  it('ends only a Temperature or Unreachable item', () => {
    expect(
      ['TEMPERATURE', 'UNREACHABLE', 'STOP_STUCK', 'DRIVER_QUIET', 'ROUTE_NOT_STARTED'].map(endsByAcknowledgement),
    ).toEqual([true, true, false, false, false]);
  });

  it('resends the same request while it may have landed; a refusal, a success or another note is a new one', () => {
    let n = 0;
    const held = new AttentionAcks(() => `r${++n}`);
    const first = held.inputFor('2026-07-01', 'UNREACHABLE|A2', '  on it ');
    expect(first).toEqual({ stockingDay: '2026-07-01', key: 'UNREACHABLE|A2', note: 'on it', requestId: 'r1' });
    held.settled(first, new TypeError('Failed to fetch'));
    expect(held.inputFor('2026-07-01', 'UNREACHABLE|A2', 'on it')).toBe(first);
    held.settled(first, new ApiError('Internal error', { errorType: 'InternalError' }));
    expect(held.inputFor('2026-07-01', 'UNREACHABLE|A2', 'on it ')).toBe(first);
    // Another item, or another day, is another request.
    expect(held.inputFor('2026-07-01', 'UNREACHABLE|A3', 'on it').requestId).toBe('r2');
    expect(held.inputFor('2026-07-02', 'UNREACHABLE|A2', 'on it').requestId).toBe('r3');
    // Another note is another request.
    const other = held.inputFor('2026-07-01', 'UNREACHABLE|A2', 'calling the driver');
    expect(other.requestId).toBe('r4');
    held.settled(other, new ApiError('This item was already taken by Ann at 10:01: on it', { errorType: 'Conflict' }));
    const again = held.inputFor('2026-07-01', 'UNREACHABLE|A2', 'calling the driver');
    expect(again.requestId).toBe('r5');
    held.settled(again);
    expect(held.inputFor('2026-07-01', 'UNREACHABLE|A2', 'calling the driver').requestId).toBe('r6');
  });
});
