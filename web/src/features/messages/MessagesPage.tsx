import { EyeOutlined } from '@ant-design/icons';
import type { MessageRow } from '@portal/contracts/messages/messages.views';
import { Badge, Button, Grid, Modal, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useCallback, useMemo, useRef, useState } from 'react';
import { can } from '../../app/access';
import { shownDateTime } from '../../app/format';
import type { PagedAnswer } from '../../app/report/ReportPage';
import ReportPage from '../../app/report/ReportPage';
import { useSession } from '../../app/session-context';
import { messageRoutes, unreadOf, useMarkRead } from './messages-api';
import SendMessageDrawer from './SendMessageDrawer';

/** A message's instant as the console shows instants with their time (MM-DD-YYYY hh:mm AM). */

const VIEW_MESSAGE = 'View Message';

/**
 * Message History (doc 2 §2 Agent Transaction, §3 Message, §7 transaction_history): the same page
 * at /Transaction (managers) and /agent-Transaction (agents). Date and Message, newest first, 10
 * a page; unread rows in bold with a dot; View Message shows the whole text. Opening the page marks
 * everything read (once, after the first page has come). Managers also have Send Message.
 */
export default function MessagesPage() {
  const { user } = useSession();
  const sends = can.sendMessages(user?.role_id ?? []);
  const phone = Grid.useBreakpoint().sm === false;
  const [composing, setComposing] = useState(false);
  const [viewed, setViewed] = useState<MessageRow>();
  // The rows unread when this visit saw them stay bold after marking read (and the refetches it brings): the user still sees what was new.
  const [newOnThisVisit, setNewOnThisVisit] = useState<ReadonlySet<string>>(new Set());
  const { mutate: markAllRead } = useMarkRead();
  const markedRead = useRef(false);

  const onAnswer = useCallback(
    (answer: PagedAnswer<MessageRow>) => {
      const unreadRows = answer.items.data.filter((row) => !row.read).map((row) => row.id);
      if (unreadRows.length > 0) setNewOnThisVisit((known) => (unreadRows.every((id) => known.has(id)) ? known : new Set([...known, ...unreadRows])));
      if (markedRead.current) return;
      markedRead.current = true;
      // Nothing unread: no need to write that it was read.
      if (unreadOf(answer) > 0 || unreadRows.length > 0) markAllRead();
    },
    [markAllRead],
  );

  const columns = useMemo((): ColumnsType<MessageRow> => {
    const isNew = (row: MessageRow) => !row.read || newOnThisVisit.has(row.id);
    const weight = (row: MessageRow) => (isNew(row) ? 600 : undefined);
    return [
      {
        title: 'Date',
        dataIndex: 'created_date',
        key: 'created_date',
        // On a phone the time goes under the date, so the message keeps its room.
        render: (value: string, row) => <span style={{ fontWeight: weight(row), whiteSpace: phone ? 'normal' : 'nowrap', display: 'inline-block', width: phone ? 84 : undefined }}>{shownDateTime(value)}</span>,
      },
      {
        title: 'Message',
        dataIndex: 'message',
        key: 'message',
        render: (text: string, row) => (
          <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            {isNew(row) && (
              <span role="img" aria-label="Unread" title="Unread" style={{ display: 'inline-flex' }}>
                <Badge status="processing" />
              </span>
            )}
            <span style={{ fontWeight: weight(row), maxWidth: phone ? 'calc(100vw - 280px)' : 560, minWidth: 80, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{text}</span>
          </span>
        ),
      },
      {
        // On a phone the column is as narrow as its icon button.
        title: phone ? 'View' : 'Action',
        key: 'view',
        render: (_value, row) =>
          phone ? (
            <Button size="small" icon={<EyeOutlined />} aria-label={VIEW_MESSAGE} title={VIEW_MESSAGE} onClick={() => setViewed(row)} />
          ) : (
            <Button size="small" onClick={() => setViewed(row)}>
              {VIEW_MESSAGE}
            </Button>
          ),
      },
    ];
  }, [newOnThisVisit, phone]);

  return (
    <>
      <ReportPage<MessageRow>
        title="Message History"
        list={messageRoutes.list}
        answerKey="items"
        rowKey="id"
        columns={columns}
        identifyingColumn={false}
        onAnswer={onAnswer}
        actions={
          sends && (
            <Button type="primary" onClick={() => setComposing(true)}>
              Send Message
            </Button>
          )
        }
      />
      <Modal
        open={viewed !== undefined}
        title={VIEW_MESSAGE}
        onCancel={() => setViewed(undefined)}
        footer={<Button onClick={() => setViewed(undefined)}>Close</Button>}
      >
        {viewed && (
          <>
            <Typography.Text type="secondary" data-testid="message-date">
              {shownDateTime(viewed.created_date)}
            </Typography.Text>
            <Typography.Paragraph data-testid="message-text" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginTop: 8, marginBottom: 0 }}>
              {viewed.message}
            </Typography.Paragraph>
          </>
        )}
      </Modal>
      {composing && <SendMessageDrawer onClose={() => setComposing(false)} />}
    </>
  );
}
