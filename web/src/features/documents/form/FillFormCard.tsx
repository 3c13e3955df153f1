import { DOCUMENT_MESSAGES } from '@portal/contracts/documents/documents.codes';
import type { UnitFormField, UnitFormPage as UnitFormView } from '@portal/contracts/documents/documents.views';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Typography } from 'antd';
import type { FormRule } from 'antd';
import { useState } from 'react';
import { ApiFailure, call, failureMessage } from '../../../app/api-client';
import ActionButton from '../../../app/widgets/ActionButton';
import SignatureField, { useSignaturePad } from '../../../app/widgets/SignatureField';
import { FORM_ROUTES } from '../forms-api';

/** The form's values as antd holds them: a text field's text, a checkbox's tick. */
type FieldValues = Record<string, string | boolean | undefined>;

/** The longest value the server takes (fillFormBody: at most 2000 characters). */
const MAX_VALUE = 2000;

/** The server's refusal keys its field problems by field name; the drawing's is 'signature_image'. */
const SIGNATURE_KEY = 'signature_image';

const requiredRule = (field: UnitFormField): FormRule =>
  field.kind === 'checkbox'
    ? { validator: async (_rule, ticked: unknown) => { if (ticked !== true) throw new Error(`Please tick ${field.name}`); } }
    : { required: true, whitespace: true, message: `Please input ${field.name}` };

function FieldInput({ field }: { field: UnitFormField }) {
  if (field.kind === 'checkbox') {
    return (
      <Form.Item name={field.name} valuePropName="checked" rules={field.required ? [requiredRule(field)] : []} required={field.required}>
        <Checkbox>{field.name}</Checkbox>
      </Form.Item>
    );
  }
  return (
    <Form.Item name={field.name} label={field.name} rules={field.required ? [requiredRule(field)] : []}>
      {field.multiline ? <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={MAX_VALUE} /> : <Input maxLength={MAX_VALUE} />}
    </Form.Item>
  );
}

/** Every field of the form in the server's shape: text as typed (empty when left blank), a checkbox ticked or not. */
const valuesOf = (fields: readonly UnitFormField[], values: FieldValues): Record<string, string | boolean> =>
  Object.fromEntries(fields.map((field) => [field.name, field.kind === 'checkbox' ? values[field.name] === true : String(values[field.name] ?? '')]));

/**
 * The form to fill (doc 3 §4; the form page is ours): one item per field of the template (text,
 * or a multiline text, or a checkbox; required ones refused empty in our words), the signature
 * drawn with 'Clear', and 'Save' once something is drawn. Save posts multipart `values` (the
 * fields as JSON) and `signature_image` (the drawing as a PNG). The server's refusal is shown on
 * the fields it names, else in its words; `onSaved` gets its message, `onRefused` the words of a
 * refusal that ends the filling (409 already completed or reviewed, 404 a dead link).
 */
export default function FillFormCard({ view, token, onSaved, onRefused }: { view: UnitFormView; token: string; onSaved: (message: string) => void; onRefused: (message: string) => void }) {
  const [form] = Form.useForm<FieldValues>();
  const { padRef, drawn, setDrawn, clear, drawing } = useSignaturePad();
  const [signatureProblem, setSignatureProblem] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const fieldNames = new Set(view.fields.map((field) => field.name));

  const save = useMutation({
    mutationFn: (body: FormData) => call<{ message: string }>(FORM_ROUTES.fill, { params: { form_id: view.form_id, token }, body }),
    onSuccess: (answer) => onSaved(answer.message),
    onError: (failure) => {
      const fields = failure instanceof ApiFailure ? failure.body.fields : undefined;
      const onItems = Object.entries(fields ?? {}).filter(([name]) => fieldNames.has(name));
      form.setFields(onItems.map(([name, said]) => ({ name, errors: [said] })));
      setSignatureProblem(fields?.[SIGNATURE_KEY]);
      // The form can no longer be filled (already completed or reviewed: 409; a dead link: 404): the page reads it again and says why.
      if (failure instanceof ApiFailure && (failure.status === 409 || failure.status === 404)) onRefused(failure.message);
      // Any other problem no item shows is said above the button.
      else if (onItems.length === 0 && !fields?.[SIGNATURE_KEY]) setProblem(failureMessage(failure));
    },
  });

  const send = (values: FieldValues) => {
    const png = drawing();
    if (!png) return;
    const body = new FormData();
    body.append('values', JSON.stringify(valuesOf(view.fields, values)));
    body.append(SIGNATURE_KEY, png, 'signature.png');
    setProblem(undefined);
    setSignatureProblem(undefined);
    save.mutate(body);
  };

  return (
    <Card title="Fill the form">
      <Form<FieldValues> form={form} layout="vertical" name="unit-form" onFinish={send} disabled={save.isPending}>
        {view.fields.map((field) => (
          <FieldInput key={field.name} field={field} />
        ))}
        <Form.Item label="Signature" required>
          <Flex vertical gap={8}>
            <SignatureField label="Signature" padRef={padRef} onDrawnChange={setDrawn} />
            {signatureProblem && (
              <Typography.Text type="danger" role="alert">
                {signatureProblem}
              </Typography.Text>
            )}
          </Flex>
        </Form.Item>
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
        <Flex gap={8} justify="flex-end" wrap>
          <Button onClick={clear}>Clear</Button>
          <ActionButton type="primary" htmlType="submit" loading={save.isPending} blockedBecause={!drawn && DOCUMENT_MESSAGES.signatureRequired}>
            Save
          </ActionButton>
        </Flex>
      </Form>
    </Card>
  );
}
