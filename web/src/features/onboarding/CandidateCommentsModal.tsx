import { type CandidateCommentBody, candidateCommentBody } from '@portal/contracts/onboarding/onboarding.schemas';
import type { CandidateComment, CandidateRow } from '@portal/contracts/onboarding/onboarding.views';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Button, Empty, Form, Input, Modal, Spin, Typography } from 'antd';
import { call, queryKey } from '../../app/api-client';
import { useRecordCommand } from '../../app/command';
import { showRefusedFields } from '../../app/form-problems';
import { checkedBy } from '../../app/schema-rule';
import { CANDIDATE_ROUTES, candidateName } from './candidate-routes';
import { ONBOARDING_TEXTS } from './onboarding-choices';
import { shownDateTime } from '../../app/format';

/** The comments of a candidate (or of the agent they became) as both modals show them: who said what and when, oldest first. */
export function CommentsList({ answer }: { answer: UseQueryResult<{ data: CandidateComment[] }> }) {
  const comments = answer.data?.data ?? [];
  return (
    <>
      {answer.isError && <Typography.Text type="danger">{answer.error.message}</Typography.Text>}
      {answer.isPending && <Spin />}
      {answer.data && comments.length === 0 && <Empty description={ONBOARDING_TEXTS.noComments} />}
      <ol style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Comments">
        {comments.map((comment, index) => (
          <li key={index} style={{ marginBottom: 12 }}>
            <Typography.Text strong>{comment.commented_by_name || '—'}</Typography.Text> <Typography.Text type="secondary">{shownDateTime(comment.created_at)}</Typography.Text>
            <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{comment.comments}</Typography.Paragraph>
          </li>
        ))}
      </ol>
    </>
  );
}

/** Adding a comment changes the comments and the row's `comments_exists`. */
const AFTER_COMMENT = [CANDIDATE_ROUTES.comments, CANDIDATE_ROUTES.summary];

/**
 * View Comments of a candidate (doc 3 §3 "Comment", §7 candidate_comments_log: `data`): who said
 * what and when, oldest first as the server lists them, and (ours) an 'Add comment' box under them.
 */
export default function CandidateCommentsModal({ candidate, onClose }: { candidate: CandidateRow; onClose: () => void }) {
  const options = { params: { id: candidate.id } };
  const answer = useQuery({
    queryKey: queryKey(CANDIDATE_ROUTES.comments, options),
    queryFn: () => call<{ data: CandidateComment[] }>(CANDIDATE_ROUTES.comments, options),
  });
  const [form] = Form.useForm<CandidateCommentBody>();
  const add = useRecordCommand<CandidateCommentBody>(CANDIDATE_ROUTES.addComment, AFTER_COMMENT);
  const submit = (values: CandidateCommentBody) =>
    add.mutate({ id: candidate.id, body: { comments: values.comments.trim() } }, { onSuccess: () => form.resetFields(), onError: (failure) => showRefusedFields(form, failure) });

  return (
    <Modal open title={`Comments: ${candidateName(candidate)}`} footer={null} onCancel={onClose} destroyOnHidden>
      <CommentsList answer={answer} />
      <Form<CandidateCommentBody> form={form} name="candidate-comment" layout="vertical" onFinish={submit} style={{ marginTop: 16 }}>
        <Form.Item name="comments" label="Add comment" rules={[checkedBy(candidateCommentBody.shape.comments)]}>
          <Input.TextArea rows={3} maxLength={2000} placeholder="Add comment" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          Add comment
        </Button>
      </Form>
    </Modal>
  );
}
