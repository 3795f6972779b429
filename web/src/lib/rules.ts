/**
 * The server's field rules, read from the file the server exports
 * (`cargo run -p fleet-local -- rules` writes src/generated/rules.json; a
 * drift test fails when it differs from what the server checks). The browser's
 * instant checks run these, so both say the same thing.
 */
import rules from '@/generated/rules.json';

export type RuleCheck =
  | { check: 'pattern'; regex: string; message: string }
  | { check: 'range'; min: number; max: number; message: string }
  | { check: 'maxLength'; max: number; message: string };

export interface FieldRule {
  field: string;
  required: boolean;
  checks: RuleCheck[];
}

export const CREATE_RULES = rules.create as FieldRule[];

/** The messages a detail edit of one attribute answers, as the server's check words them. */
export interface EditMessages {
  /** An empty value of a required attribute (for the ip, its invalid message). */
  empty?: string;
  /** A number out of bounds, or not a number. */
  range?: string;
  /** A decimal for an integer attribute. */
  decimal?: string;
  /** A value that is not an ip, a date or an offered option. */
  invalid?: string;
}

/** An attribute's detail-edit rule (§5.2): required, integer, bounds, options, messages. */
export interface EditRule {
  field: string;
  required: boolean;
  integer?: boolean;
  min?: number;
  max?: number;
  options?: string[];
  messages: EditMessages;
}
export const EDIT_RULES: EditRule[] = rules.edit;
export const CUSTOM_HOURS_MESSAGE: string = rules.customHoursMessage;
export const RULE_OPTIONS = rules.options;

/**
 * The detail screen's checks beyond one attribute's bounds (§5.2): the ip
 * pattern and the host marker that skips it, the reason and search-field
 * messages, and the hours editor's messages ({id} and {day} are filled in).
 */
export const EDIT_CHECKS = rules.editChecks;

/** The par upload: the file's columns and the orders one uploadParMaps call takes. */
export const PARS_RULES = rules.pars;

/** A rule message with its `{name}` placeholders filled in. */
export const fillMessage = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);

const compiled = new Map<string, RegExp>();
const regex = (source: string) => {
  let r = compiled.get(source);
  if (!r) {
    r = new RegExp(source);
    compiled.set(source, r);
  }
  return r;
};

/** The first broken rule of a field's text as the server words it, or null. */
export function checkField(rule: FieldRule, value: string | undefined | null): string | null {
  const text = (value ?? '').trim();
  if (text === '') return rule.required ? `${rule.field} cannot be empty` : null;
  for (const c of rule.checks) {
    const ok =
      c.check === 'pattern'
        ? regex(c.regex).test(text)
        : c.check === 'range'
          ? /^-?\d+(\.\d+)?$/.test(text) && Number(text) >= c.min && Number(text) <= c.max
          : [...text].length <= c.max;
    if (!ok) return c.message;
  }
  return null;
}

/** Every field's message for a flat set of values (empty when all pass). */
export function checkAll(ruleSet: FieldRule[], values: Record<string, string | undefined>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const rule of ruleSet) {
    const message = checkField(rule, values[rule.field]);
    if (message) errors[rule.field] = message;
  }
  return errors;
}
