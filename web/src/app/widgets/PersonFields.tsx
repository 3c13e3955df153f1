import { Form, Input } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { type FieldSchema, checkedBy } from '../schema-rule';

/** The contracts' schemas of a person's fields (doc 3 §5: the same rules on every form that enters a person). */
export interface PersonShape {
  readonly first_name: FieldSchema;
  readonly middle_name: FieldSchema;
  readonly last_name: FieldSchema;
  readonly email: FieldSchema;
  readonly mobile_number: FieldSchema;
}

/**
 * First, middle and last name, e-mail and mobile number as every person form asks them (Add/Edit
 * User, Send Invite, Edit Candidate), each checked by the server's own schema, each in the form's
 * own grid cell (`field`). `contactFixed`: e-mail and mobile shown but not editable (Edit User).
 */
export default function PersonFields({
  shape,
  field: Field,
  contactFixed = false,
  mobileLabel = 'Mobile Number',
}: {
  shape: PersonShape;
  field: ComponentType<{ children: ReactNode }>;
  contactFixed?: boolean;
  mobileLabel?: string;
}) {
  return (
    <>
      <Field>
        <Form.Item name="first_name" label="First Name" required rules={[checkedBy(shape.first_name)]}>
          <Input placeholder="First Name" maxLength={30} />
        </Form.Item>
      </Field>
      <Field>
        <Form.Item name="middle_name" label="Middle Name" rules={[checkedBy(shape.middle_name)]}>
          <Input placeholder="Middle Name" maxLength={30} />
        </Form.Item>
      </Field>
      <Field>
        <Form.Item name="last_name" label="Last Name" required rules={[checkedBy(shape.last_name)]}>
          <Input placeholder="Last Name" maxLength={30} />
        </Form.Item>
      </Field>
      <Field>
        <Form.Item name="email" label="E-mail" required={!contactFixed} rules={contactFixed ? [] : [checkedBy(shape.email)]}>
          <Input placeholder="E-mail" disabled={contactFixed} maxLength={254} />
        </Form.Item>
      </Field>
      <Field>
        <Form.Item name="mobile_number" label={mobileLabel} required={!contactFixed} rules={contactFixed ? [] : [checkedBy(shape.mobile_number)]}>
          <Input placeholder={mobileLabel} disabled={contactFixed} inputMode="numeric" maxLength={10} />
        </Form.Item>
      </Field>
    </>
  );
}
