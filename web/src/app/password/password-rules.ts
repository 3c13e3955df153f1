import type { FormRule } from 'antd';

/** The confirmation must repeat the field it confirms: 'Password Mismatch' (doc 1 §5). */
export function confirmRule(field: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => (!value || getFieldValue(field) === value ? Promise.resolve() : Promise.reject(new Error('Password Mismatch'))),
  });
}
