import type { FormRule } from 'antd';

/** What a contracts zod schema offers a form: its check, with the spec's message on each issue. */
export interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/**
 * A form field checked by the contracts' schema of that field (e.g. `submitRmaOrderBody.shape.zip`),
 * so the form refuses exactly what the server refuses, in the same words ('Please input ZIP').
 */
export const checkedBy = (schema: FieldSchema): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const checked = schema.safeParse(value);
    if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? 'Please check this field');
  },
});
