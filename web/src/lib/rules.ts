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

/** An attribute's detail-edit rule (§5.2): required, integer, bounds, options. */
export interface EditRule {
  field: string;
  required: boolean;
  integer?: boolean;
  min?: number;
  max?: number;
  options?: string[];
}
export const EDIT_RULES = rules.edit as EditRule[];
export const CUSTOM_HOURS_MESSAGE: string = rules.customHoursMessage;
export const RULE_OPTIONS = rules.options;

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
