import type { FormInstance } from 'antd';
import { ApiFailure } from './api-client';

/** Issues of a contracts schema (or a refusal's `fields`) as the form's field errors, each on its item. */
type Problems = readonly { name: string; errors: string[] }[];

/** A refusal's `fields` (the server's words per field) on their items; the popup with its message comes from the command. */
export function showRefusedFields(form: FormInstance, failure: unknown): void {
  const fields = failure instanceof ApiFailure ? failure.body.fields : undefined;
  if (fields) form.setFields(Object.entries(fields).map(([name, problem]) => ({ name, errors: [problem] })));
}

/** The whole body checked as the server reads it: a problem the field rules missed is named on its item. True when it passes. */
export function passesSchema(form: FormInstance, schema: { safeParse(body: unknown): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } } }, body: unknown): boolean {
  const checked = schema.safeParse(body);
  if (checked.success) return true;
  const problems: Problems = checked.error.issues.map((issue) => ({ name: String(issue.path[0]), errors: [issue.message] }));
  form.setFields(problems.map((problem) => ({ ...problem })));
  return false;
}
