import { type ManualStageMoveBody, manualStageMoveBody } from '@portal/contracts/onboarding/onboarding.schemas';
import { STAGE } from '@portal/contracts/onboarding/onboarding.stages';
import type { CandidateRow } from '@portal/contracts/onboarding/onboarding.views';
import { Alert, Form, Input, Select, Typography } from 'antd';
import { useRecordCommand } from '../../app/command';
import { passesSchema, showRefusedFields } from '../../app/form-problems';
import { checkedBy } from '../../app/schema-rule';
import CommandDrawer from '../../app/widgets/CommandDrawer';
import { AFTER_CANDIDATE_COMMAND, CANDIDATE_ROUTES, candidateName } from './candidate-routes';
import { ONBOARDING_TEXTS, stageMoveOptions } from './onboarding-choices';

const { shape } = manualStageMoveBody;

interface MoveStageValues {
  status?: number;
  reason?: string;
  telgoo_id?: string;
}

/**
 * Move Stage (ours; roles 12 and 1): records a candidate's stage move by hand while the upstream
 * integration is down. Only the moves the integration could report from the candidate's stage
 * are offered (contracts' stageMovesFrom; the server refuses any other in words); the reason is
 * required; a move to Onboarded asks for the ETC code when the candidate has none yet. On success
 * the server's message, the list and the log reload, and the drawer closes.
 */
export default function MoveStageDrawer({ candidate, onClose }: { candidate: CandidateRow; onClose: () => void }) {
  const [form] = Form.useForm<MoveStageValues>();
  const command = useRecordCommand<ManualStageMoveBody>(CANDIDATE_ROUTES.moveStage, [...AFTER_CANDIDATE_COMMAND, CANDIDATE_ROUTES.comments]);
  const target = Form.useWatch('status', form);
  const asksEtcCode = target === STAGE.ONBOARDED && !candidate.telgoo_id;

  const submit = (values: MoveStageValues) => {
    const body = { status: values.status, reason: values.reason?.trim(), ...(asksEtcCode && values.telgoo_id?.trim() && { telgoo_id: values.telgoo_id.trim() }) };
    if (!passesSchema(form, manualStageMoveBody, body)) return;
    command.mutate({ id: candidate.id, body: body as ManualStageMoveBody }, { onSuccess: onClose, onError: (failure) => showRefusedFields(form, failure) });
  };

  return (
    <CommandDrawer title={`${ONBOARDING_TEXTS.moveStageTitle}: ${candidateName(candidate)}`} submitLabel="Move Stage" submitting={command.isPending} onCancel={onClose} onSubmit={() => form.submit()}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={ONBOARDING_TEXTS.moveStageNote} />
      <Typography.Paragraph>
        Now at <Typography.Text strong>{candidate.status_name}</Typography.Text>
      </Typography.Paragraph>
      <Form<MoveStageValues> form={form} name="move-stage" layout="vertical" onFinish={submit}>
        <Form.Item name="status" label="Move to" required rules={[checkedBy(shape.status)]}>
          <Select placeholder="Select the stage" options={stageMoveOptions(candidate.status)} />
        </Form.Item>
        {asksEtcCode && (
          <Form.Item name="telgoo_id" label="ETC Code" required rules={[{ required: true, whitespace: true, message: 'telgoo_id (the ETC code) is required to onboard' }, checkedBy(shape.telgoo_id)]}>
            <Input maxLength={50} placeholder="ETC Code" />
          </Form.Item>
        )}
        <Form.Item name="reason" label="Reason" required rules={[checkedBy(shape.reason)]}>
          <Input.TextArea rows={4} maxLength={1000} placeholder="Why the stage is moved by hand" />
        </Form.Item>
      </Form>
    </CommandDrawer>
  );
}
