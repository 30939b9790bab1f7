import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from './http.ts';

/** An Ant Design form rule from a shared zod schema: the same rule and words as the server's. */
export function zodRule(schema: z.ZodType, t: TFunction, options: { optional?: boolean } = {}): Rule {
  return {
    validator: async (_, value) => {
      if (options.optional && (value === undefined || value === '')) return;
      const parsed = schema.safeParse(value ?? '');
      if (!parsed.success) throw new Error(t(parsed.error.issues[0]?.message ?? 'validation.invalid'));
    },
  };
}

/** Shows the server's field issues (`body.user` and so on) under the fields they name. */
export function showServerIssues(form: FormInstance, error: unknown, t: TFunction) {
  if (!(error instanceof ApiError)) return;
  const fields = error.issues
    .filter((issue) => issue.path.startsWith('body.'))
    // A list's index is a number in the form's field names ('dataloggers.0.checkCode').
    .map((issue) => ({
      name: issue.path
        .slice('body.'.length)
        .split('.')
        .map((part) => (/^[0-9]+$/.test(part) ? Number(part) : part)),
      errors: [t(issue.message)],
    }));
  if (fields.length > 0) form.setFields(fields);
}

/** Puts a zod check's issues under the fields they name (a list's index is a number in the form's names); answers whether there were none. */
export function showSchemaIssues(form: FormInstance, issues: readonly { path: PropertyKey[]; message: string }[], t: TFunction): boolean {
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const issue of issues) {
    const name = issue.path.map((part) => (typeof part === 'number' ? part : String(part)));
    const key = JSON.stringify(name);
    const field = byField.get(key) ?? { name, errors: [] };
    field.errors.push(t(issue.message));
    byField.set(key, field);
  }
  form.setFields([...byField.values()]);
  return byField.size === 0;
}
