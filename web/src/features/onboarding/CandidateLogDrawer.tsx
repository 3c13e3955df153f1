import type { CandidateLogEntry, CandidateRow } from '@portal/contracts/onboarding/onboarding.views';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { call, queryKey } from '../../app/api-client';
import { CANDIDATE_ROUTES, candidateName } from './candidate-routes';
import { ONBOARDING_TEXTS } from './onboarding-choices';
import { shownDateTime } from '../../app/format';
import { emptyNote } from '../../app/widgets/EmptyNote';

const columns: ColumnsType<CandidateLogEntry & { key: number }> = [
  { title: 'Date', dataIndex: 'created_at', key: 'created_at', width: 190, render: (at: string) => shownDateTime(at) },
  { title: 'Description', dataIndex: 'description', key: 'description' },
];

/** View Log of a candidate (doc 3 §3 "Log entry", §7 candidate_onboarding_log: `data`): what happened, with its date and time. */
export default function CandidateLogDrawer({ candidate, onClose }: { candidate: CandidateRow; onClose: () => void }) {
  const options = { params: { id: candidate.id } };
  const answer = useQuery({
    queryKey: queryKey(CANDIDATE_ROUTES.log, options),
    queryFn: () => call<{ data: CandidateLogEntry[] }>(CANDIDATE_ROUTES.log, options),
  });
  const rows = (answer.data?.data ?? []).map((entry, index) => ({ ...entry, key: index }));
  return (
    <Drawer open title={`Onboarding Log: ${candidateName(candidate)}`} size="large" onClose={onClose} destroyOnHidden>
      {answer.isError && <Typography.Text type="danger">{answer.error.message}</Typography.Text>}
      <Table size="small" loading={answer.isFetching} dataSource={rows} pagination={false} columns={columns} locale={{ emptyText: emptyNote(ONBOARDING_TEXTS.noLog) }} />
    </Drawer>
  );
}
