import type { EventTypeRow } from '@portal/contracts/subscriptions/subscriptions.views';
import { PAGE_SIZE_CHOICES } from '@portal/contracts/reference/reference-lists';
import { Alert, Card, Col, Empty, Flex, Input, Row, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import TextLink from '../../app/widgets/TextLink';
import { failureMessage } from '../../app/api-client';
import { shownDateTime } from '../../app/format';
import { JsonBlock } from './CopyText';
import { ASYNCAPI_PATH, FEED_PATH, STREAM_PATH, WEBHOOKS_SCREEN, shownCount, useEventCatalog } from './subscriptions-api';
import { emptyNote } from '../../app/widgets/EmptyNote';

/** The catalog's page size: all types come at once, 25 to a page. */
export const CATALOG_PAGE_SIZE = 25;
export const NO_EXAMPLE = 'No event of this type yet';
export const NO_MATCH = 'No event type matches the type name and capability chosen';

const WRAP = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;

const columns: ColumnsType<EventTypeRow> = [
  {
    title: 'Type',
    dataIndex: 'type',
    key: 'type',
    fixed: 'left',
    sorter: (a, b) => a.type.localeCompare(b.type),
    defaultSortOrder: 'ascend',
    render: (type: string) => <Typography.Text style={{ fontFamily: 'monospace', ...WRAP }}>{type}</Typography.Text>,
  },
  { title: 'Capability', dataIndex: 'capability', key: 'capability' },
  { title: 'Description', dataIndex: 'description', key: 'description', render: (text: string) => <div style={{ maxWidth: 480, minWidth: 200, whiteSpace: 'normal', ...WRAP }}>{text}</div> },
  { title: 'Events so far', dataIndex: 'events', key: 'events', align: 'right', sorter: (a, b) => a.events - b.events, render: shownCount },
  { title: 'Last', dataIndex: 'last_recorded_at', key: 'last_recorded_at', render: shownDateTime },
];

/** A type's details: the JSON Schema of its delivered data, and the latest one of the caller's scope as delivered. */
function EventTypeDetails({ row }: { row: EventTypeRow }) {
  return (
    <Row gutter={[16, 16]} data-testid={`details-${row.type}`}>
      <Col xs={24} lg={12}>
        <JsonBlock title="Schema of data" value={row.schema} />
      </Col>
      <Col xs={24} lg={12}>
        {row.example ? (
          <JsonBlock title="Example" value={row.example} />
        ) : (
          <section aria-label="Example">
            <Typography.Text strong>Example</Typography.Text>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_EXAMPLE} />
          </section>
        )}
      </Col>
    </Row>
  );
}

/** How downstream systems receive the events: the feed, its stream, webhooks, and the AsyncAPI document that describes them. */
function HowToReceive() {
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title="How to receive these events"
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20, ...WRAP }}>
          <li>
            The feed: <Typography.Text code>{`GET ${FEED_PATH}?after=<cursor>`}</Typography.Text> with your API key in the <Typography.Text code>x-api-key</Typography.Text> header, as CloudEvents in the store&apos;s order; send back its <Typography.Text code>next_cursor</Typography.Text> as <Typography.Text code>after</Typography.Text> to read on.
          </li>
          <li>
            Server-Sent Events: <Typography.Text code>{STREAM_PATH}</Typography.Text> (a reconnecting client resumes with <Typography.Text code>Last-Event-ID</Typography.Text>).
          </li>
          <li>
            Webhooks: the portal posts each event to your endpoint, signed — see <TextLink to={WEBHOOKS_SCREEN}>Webhooks</TextLink>.
          </li>
          <li>
            Every type and channel described for code generators:{' '}
            <a href={ASYNCAPI_PATH} target="_blank" rel="noopener noreferrer" style={{ textDecoration: 'underline' }}>
              the AsyncAPI document
            </a>
            .
          </li>
        </ul>
      }
    />
  );
}

/**
 * Event Catalog (/integrations/events; ours, issue 24): every event type downstream systems can
 * receive, with its capability, meaning, how many the caller's scope holds so far and when the
 * last was recorded; a row opens the JSON Schema of its data and the latest event as delivered.
 * The server answers every type at once: search, capability filter, sorting and paging happen here.
 */
export default function EventCatalogPage() {
  const catalog = useEventCatalog();
  const [search, setSearch] = useState('');
  const [capability, setCapability] = useState<string>();
  const [pageSize, setPageSize] = useState(CATALOG_PAGE_SIZE);

  const rows = useMemo(() => catalog.data ?? [], [catalog.data]);
  const capabilities = useMemo(() => [...new Set(rows.map((row) => row.capability))].sort().map((name) => ({ value: name, label: name })), [rows]);
  const needle = search.trim().toLowerCase();
  const shown = useMemo(() => rows.filter((row) => (!needle || row.type.toLowerCase().includes(needle)) && (!capability || row.capability === capability)), [rows, needle, capability]);

  return (
    <Card>
      <Typography.Title level={3}>Event Catalog</Typography.Title>
      <HowToReceive />
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <Input.Search aria-label="Event type" placeholder="Event type" allowClear value={search} onChange={(event) => setSearch(event.target.value)} onSearch={setSearch} style={{ maxWidth: 320 }} />
        <Select aria-label="Capability" placeholder="Capability" allowClear value={capability} onChange={(value?: string) => setCapability(value ?? undefined)} options={capabilities} style={{ minWidth: 180 }} />
      </Flex>
      {catalog.isError && <Alert type="error" showIcon title={failureMessage(catalog.error)} style={{ marginBottom: 16 }} />}
      <Table<EventTypeRow>
        rowKey="type"
        columns={columns}
        dataSource={shown}
        loading={catalog.isFetching}
        scroll={{ x: 'max-content' }}
        locale={rows.length > 0 ? { emptyText: emptyNote(NO_MATCH) } : undefined}
        expandable={{ expandedRowRender: (row) => <EventTypeDetails row={row} /> }}
        pagination={{
          pageSize,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_CHOICES.map(String),
          locale: { items_per_page: 'rows / page' },
          showTotal: (total) => `${shownCount(total)} event ${total === 1 ? 'type' : 'types'}`,
          onShowSizeChange: (_page, size) => setPageSize(size),
        }}
      />
    </Card>
  );
}
