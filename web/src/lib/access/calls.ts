import rules from '@/generated/rules.json';

// The calls and the actions they need. They live apart from useAccess.ts so that the screens' table
// (screens.ts), which names calls, and useAccess.ts, which reads that table, do not import each other.

/**
 * The permission action each call needs, from the server's registry (rules.json
 * `actions`): a GraphQL field by name, a REST route as `METHOD /path`. A list
 * names alternatives: any one of them suffices.
 */
const CALL_ACTIONS: Record<string, string | string[]> = rules.actions;

export type Call = keyof typeof rules.actions;

/** The actions a call accepts, any one of which suffices; undefined for calls any signed-in user may make. */
export function actionsFor(call: Call | string): string[] | undefined {
  const actions = CALL_ACTIONS[call];
  return typeof actions === 'string' ? [actions] : actions;
}

/** Whether a user with these actions may make `call`. */
export function allows(actions: readonly string[], call: Call | string): boolean {
  const needs = actionsFor(call);
  return needs === undefined || needs.some((a) => actions.includes(a));
}
