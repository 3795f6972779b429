import { describe, expect, it } from 'vitest';
import { actionsText, searchUsers } from './lib';

const USERS = [
  { user: 'a', email: 'ann@example.com', actions: ['GetAllLocation', 'AddScheduledEvent'] },
  { user: 'b', email: 'bob@example.com', actions: ['GetFridgeHealth'] },
  { user: 'c', email: '', actions: [] },
];

describe('searchUsers', () => {
  it('keeps everyone, with all actions, without a search', () => {
    expect(searchUsers(USERS, '  ').map((m) => [m.user.user, m.shown.length, m.byAction])).toEqual([
      ['a', 2, false],
      ['b', 1, false],
      ['c', 0, false],
    ]);
  });

  it('keeps users by e-mail (all their actions) or by action (only the matches), ignoring case', () => {
    expect(searchUsers(USERS, 'BOB')).toEqual([{ user: USERS[1], shown: ['GetFridgeHealth'], byAction: false }]);
    expect(searchUsers(USERS, 'schedul')).toEqual([{ user: USERS[0], shown: ['AddScheduledEvent'], byAction: true }]);
    expect(searchUsers(USERS, 'unknown user')).toEqual([{ user: USERS[2], shown: [], byAction: false }]);
    expect(searchUsers(USERS, 'nothing')).toEqual([]);
  });

  it('counts actions', () => {
    expect(actionsText(1)).toBe('1 action');
    expect(actionsText(0)).toBe('0 actions');
  });
});
