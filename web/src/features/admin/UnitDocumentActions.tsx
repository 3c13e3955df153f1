import { DOCUMENT_MESSAGES, FORM_STATUS, type FormStatus, type UnitKind, canSendDocument, formActions, formStatuses } from '@portal/contracts/documents/documents.codes';
import { acceptRejectBody } from '@portal/contracts/documents/documents.schemas';
import type { DocumentUrlAnswer } from '@portal/contracts/documents/documents.views';
import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import FormStatusTag from '../../app/widgets/FormStatusTag';
import { type ReactNode, useState } from 'react';
import { holdsAny } from '../../app/access';
import { call, failureMessage, queryKey, route } from '../../app/api-client';
import { useCommand } from '../../app/command';
import type { ReportSelection } from '../../app/report/ReportPage';
import { checkedBy } from '../../app/schema-rule';
import { useSession } from '../../app/session-context';

/**
 * Send Document and Accept/Reject on the IBO/Market and Office lists (doc 3 §2, §4 "Document
 * review", §5 "Accept/Reject", §7): the Form column (the form's status), the row selection (only
 * rows with no form), the Send Document button once rows are selected, and the modal "Accept/Reject
 * documents" for a completed form. For the roles of the routes senddocument and accept_reject.
 */

const sendDocument = route('POST', '/api/v1/senddocument');
const acceptReject = route('POST', '/api/v1/accept_reject');
const filledCopy = route('GET', '/api/v1/get_document/:user_id');

/** What the lists' rows carry of their form (MarketRow, OfficeRow). */
export interface UnitWithForm {
  readonly id: string;
  readonly form_status: number | null;
  readonly form_id: string | null;
}

/** The review choice (doc 3 §4, §9: accept 4, reject 3). */
type ReviewStatus = typeof FORM_STATUS.ACCEPTED | typeof FORM_STATUS.REJECTED;
const REVIEW_OPTIONS = [
  { value: FORM_STATUS.ACCEPTED, label: 'Accept' },
  { value: FORM_STATUS.REJECTED, label: 'Reject' },
];

interface ReviewForm {
  status?: ReviewStatus;
  reason?: string;
}

const formStatusOf = (status: number | null): FormStatus | undefined => formStatuses.find((known) => known.id === status)?.id;

/** Why a row's checkbox is off: its unit has a form already (doc 3 §4: only rows with no form_status). */
export const ALREADY_SENT = 'A form was already sent: only rows with no form can be selected for Send Document.';

const mayUse = (api: ApiRoute, viewer: readonly number[]) => typeof api.access !== 'string' && holdsAny(viewer, api.access);

/** The modal "Accept/Reject documents" for one unit's completed form. */
function ReviewModal({ unit, name, list, onClose }: { unit: UnitWithForm; name: string; list: ApiRoute; onClose: () => void }) {
  const { user } = useSession();
  const [form] = Form.useForm<ReviewForm>();
  const command = useCommand<{ id: string; status: ReviewStatus; reason?: string }>(acceptReject, [list]);
  const userId = user?.user_id ?? '';
  const linkOptions = { params: { user_id: userId }, query: { form_id: unit.form_id } };
  // The signed link is asked for as the modal opens, so 'View filled form' is a plain link (a tab opened after a wait would be a blocked popup).
  const link = useQuery({
    queryKey: queryKey(filledCopy, linkOptions),
    queryFn: () => call<DocumentUrlAnswer>(filledCopy, linkOptions),
    enabled: userId !== '' && unit.form_id !== null,
    staleTime: 0,
    gcTime: 0,
  });

  const send = (values: ReviewForm) => {
    if (values.status === undefined) return;
    const reason = values.reason?.trim();
    const rejecting = values.status === FORM_STATUS.REJECTED;
    command.mutate({ id: unit.id, status: values.status, ...(rejecting && reason && { reason }) }, { onSuccess: onClose });
  };

  return (
    <Modal open title="Accept/Reject documents" onOk={() => form.submit()} onCancel={onClose} confirmLoading={command.isPending} destroyOnHidden>
      <Typography.Paragraph>
        <Typography.Text strong>{name}</Typography.Text>
        {' · '}
        {link.data ? (
          <a href={link.data.url} target="_blank" rel="noopener noreferrer">
            View filled form
          </a>
        ) : link.isError ? (
          <Typography.Text type="danger">{failureMessage(link.error)}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">View filled form</Typography.Text>
        )}
      </Typography.Paragraph>
      <Form<ReviewForm> form={form} layout="vertical" name="accept-reject" onFinish={send}>
        <Form.Item name="status" label="Accept/Reject" rules={[{ required: true, message: DOCUMENT_MESSAGES.reviewChoice }]}>
          <Radio.Group options={REVIEW_OPTIONS} />
        </Form.Item>
        <Form.Item
          name="reason"
          label="Reason"
          dependencies={['status']}
          rules={[
            checkedBy(acceptRejectBody.shape.reason),
            ({ getFieldValue }) => ({
              validator: async (_rule, reason: string | undefined) => {
                if (getFieldValue('status') === FORM_STATUS.REJECTED && !reason?.trim()) throw new Error(DOCUMENT_MESSAGES.rejectReason);
              },
            }),
          ]}
        >
          <Input.TextArea placeholder="Reason" maxLength={1000} autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The documents pieces of a units list (`kind`: 'ibo_marketer' or 'office'): `formColumn`, the
 * `selection` for ReportPage (undefined for whom may not send), `sendButton` (shown while rows are
 * selected: POST senddocument { type, ids }, the server's message, the selection cleared, the list
 * read again) and `reviewModal`.
 */
export function useUnitDocumentActions<Row extends UnitWithForm>({ kind, list, nameOf }: { kind: UnitKind; list: ApiRoute; nameOf: (row: Row) => string }) {
  const { user } = useSession();
  const viewer = user?.role_id ?? [];
  const sends = mayUse(sendDocument, viewer);
  const reviews = mayUse(acceptReject, viewer);
  const [selected, setSelected] = useState<readonly Row[]>([]);
  const [resetKey, setResetKey] = useState(0);
  const [reviewing, setReviewing] = useState<Row>();
  const send = useCommand<{ type: UnitKind; ids: string[] }>(sendDocument, [list]);

  const formColumn: ColumnType<Row> = {
    title: 'Form',
    key: 'form_status',
    width: 200,
    render: (_value, row) => {
      const status = formStatusOf(row.form_status);
      if (status === undefined) return '—';
      return (
        <Space size={[4, 4]} wrap>
          <FormStatusTag status={status} title={sends ? ALREADY_SENT : undefined} />
          {reviews && formActions(status).review && row.form_id && (
            <Button size="small" aria-label={`Accept/Reject ${nameOf(row)}`} onClick={() => setReviewing(row)}>
              Accept/Reject
            </Button>
          )}
        </Space>
      );
    },
  };

  const selection: ReportSelection<Row> | undefined = sends
    ? { remember: 'across-pages', resetKey, selectable: (row) => canSendDocument(row.form_status), onChange: (_keys, rows) => setSelected(rows) }
    : undefined;

  const sendButton: ReactNode = sends && selected.length > 0 && (
    <Button
      type="primary"
      loading={send.isPending}
      onClick={() => send.mutate({ type: kind, ids: selected.map((row) => row.id) }, { onSuccess: () => setResetKey((key) => key + 1) })}
    >
      Send Document
    </Button>
  );

  const reviewModal: ReactNode = reviewing && <ReviewModal unit={reviewing} name={nameOf(reviewing)} list={list} onClose={() => setReviewing(undefined)} />;

  return { formColumn, selection, sendButton, reviewModal };
}
