import { FORM_STATUS, formActions } from '@portal/contracts/documents/documents.codes';
import type { ManagerDocumentItem, ManagerDocumentList } from '@portal/contracts/documents/documents.views';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Grid, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { call, failureMessage, queryKey } from '../../app/api-client';
import { shownDate } from '../../app/format';
import { useSession } from '../../app/session-context';
import ActionButton from '../../app/widgets/ActionButton';
import FormStatusTag from '../../app/widgets/FormStatusTag';
import { FORM_ROUTES, FORM_TEXTS, UNIT_KIND_NAMES, filledCopyLink, openInNewTab } from './forms-api';
import { emptyNote } from '../../app/widgets/EmptyNote';

/** Why Fill form cannot be used: the status does not allow it, or the caller is not the one to fill it. */
const fillBlockedBecause = (item: ManagerDocumentItem) => (item.fill_url ? undefined : formActions(item.status).fill ? FORM_TEXTS.filledByUnit : FORM_TEXTS.fillOnlyWhen);

function columns(userId: string): ColumnsType<ManagerDocumentItem> {
  return [
    { title: 'Form', dataIndex: 'form_name', key: 'form_name', fixed: 'left', width: 180, render: (name: string) => <span style={{ overflowWrap: 'anywhere' }}>{name}</span> },
    {
      title: 'Unit',
      key: 'unit',
      width: 180,
      render: (_value, item) => (
        <>
          <Typography.Text type="secondary">{UNIT_KIND_NAMES[item.unit_kind]}</Typography.Text>
          <div>{item.unit_name}</div>
        </>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      width: 200,
      render: (_value, item) => (
        <>
          <FormStatusTag status={item.status} />
          {item.status === FORM_STATUS.REJECTED && item.reason && (
            <Typography.Paragraph type="danger" style={{ margin: '4px 0 0', maxWidth: 280, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
              {item.reason}
            </Typography.Paragraph>
          )}
        </>
      ),
    },
    { title: 'Sent', dataIndex: 'created_at', key: 'created_at', width: 110, render: (at: string) => shownDate(at) },
    { title: 'Updated', dataIndex: 'updated_at', key: 'updated_at', width: 110, render: (at: string) => shownDate(at) },
    {
      title: 'Actions',
      key: 'actions',
      width: 260,
      render: (_value, item) => (
        <Space wrap>
          <ActionButton size="small" type="primary" href={item.fill_url ?? undefined} aria-label={`Fill form ${item.form_name} of ${item.unit_name}`} blockedBecause={fillBlockedBecause(item)}>
            Fill form
          </ActionButton>
          {formActions(item.status).download && (
            <ActionButton
              size="small"
              aria-label={`Download Documents ${item.form_name} of ${item.unit_name}`}
              blockedBecause={!item.download && FORM_TEXTS.noDocuments}
              onClick={() => void openInNewTab(() => filledCopyLink(userId, item.form_id), `form-${item.form_id}`)}
            >
              Download Documents
            </ActionButton>
          )}
        </Space>
      ),
    },
  ];
}

/**
 * The Manager documents list (/documents, doc 3 §2, §3, §4, §7): the forms sent to the units the
 * signed-in user manages (GET get_document_list/{own id}; short, not paged by the server): Form,
 * Unit, Status (a rejected one with its reason), Sent, Updated, and the actions — Fill form (the
 * form page's link, same tab; only while in progress or rejected, for the one who fills it) and
 * Download Documents (accepted, completed or rejected; disabled without a filled copy), which
 * opens the filled copy's signed link in a new tab.
 */
export default function ManagerDocumentsPage() {
  const { user } = useSession();
  const userId = user?.user_id ?? '';
  const options = { params: { user_id: userId } };
  const answer = useQuery({
    queryKey: queryKey(FORM_ROUTES.list, options),
    queryFn: () => call<ManagerDocumentList>(FORM_ROUTES.list, options),
    enabled: userId !== '',
  });
  const phone = Grid.useBreakpoint().sm === false;

  return (
    <Card styles={phone ? { body: { padding: 12 } } : undefined}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Documents
        </Typography.Title>
        <Button onClick={() => void answer.refetch()} loading={answer.isFetching}>
          Refresh
        </Button>
      </Flex>
      <Table<ManagerDocumentItem>
        rowKey="form_id"
        columns={columns(userId)}
        dataSource={answer.data?.items}
        loading={answer.isPending && answer.fetchStatus !== 'idle'}
        pagination={false}
        scroll={{ x: 'max-content' }}
        // A failed read says why (Refresh asks again) rather than that nothing was sent.
        locale={{ emptyText: emptyNote(answer.isError ? <Typography.Text type="danger">{failureMessage(answer.error)}</Typography.Text> : FORM_TEXTS.noForms) }}
      />
    </Card>
  );
}
