import { describe, expect, it } from 'vitest';
import rules from '@/generated/rules.json';
import { ACTION_WORDS, actionWords } from './action-words';

/** Every action the server's registry names: a call's one action, or each of its alternatives. */
const REGISTRY_ACTIONS = [
  ...new Set(Object.values(rules.actions as Record<string, string | string[]>).flatMap((a) => a)),
];

describe('ACTION_WORDS', () => {
  it('has words for every action of the server registry (rules.json `actions`)', () => {
    expect(REGISTRY_ACTIONS.length).toBeGreaterThan(0);
    expect(REGISTRY_ACTIONS.filter((a) => !ACTION_WORDS[a])).toEqual([]);
  });

  it('has words for the groups of 3-planning §6 too', () => {
    for (const a of ['GetFridgeStock', 'GetUniqueRoutes', 'GetAllLocation', 'GetCheckPointStatus', 'VanTasks'])
      expect(ACTION_WORDS[a]).toBeTruthy();
  });

  it('says what an action lets a user do in plain words, never an action id', () => {
    const ids = new Set([...REGISTRY_ACTIONS, ...Object.keys(ACTION_WORDS)]);
    for (const words of Object.values(ACTION_WORDS)) {
      expect(words).toMatch(/^[a-z]/);
      expect(words.split(' ').filter((w) => ids.has(w))).toEqual([]);
    }
  });
});

describe('actionWords', () => {
  it('joins alternatives with "or", once each', () => {
    expect(actionWords(['ViewRoutes'])).toBe('view routes and their drivers');
    expect(actionWords(['ViewRoutes', 'SuperviseStocking'])).toBe(
      'view routes and their drivers or supervise the stocking day',
    );
    expect(actionWords(['ViewRoutes', 'ViewRoutes'])).toBe('view routes and their drivers');
  });

  it('does not name an action it has no words for', () => {
    expect(actionWords(['SomeNewAction'])).toBe('do this');
  });
});
