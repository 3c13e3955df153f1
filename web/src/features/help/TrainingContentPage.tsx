import type { TrainingContentRow } from '@portal/contracts/help/help.views';
import { Button, Form, Input, Modal, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useRecordCommand } from '../../app/command';
import { shownDate } from '../../app/format';
import ReportPage from '../../app/report/ReportPage';
import AddTrainingContentDrawer, { KIND_NAMES, KIND_OPTIONS } from './AddTrainingContentDrawer';
import { shownSize } from './help-files';
import { helpRoutes } from './help-queries';

export const REMOVE_CONFIRM = 'Remove this training content? It will no longer be shown in the training pages.';

/** What a change to the content changes: this list and both trees. */
const changed = [helpRoutes.content, helpRoutes.documents, helpRoutes.videos];

const columns = (remove: (row: TrainingContentRow) => void): ColumnsType<TrainingContentRow> => [
  {
    title: 'Title',
    dataIndex: 'title',
    key: 'title',
    render: (title: string, row) => (
      <a href={row.url} target="_blank" rel="noopener noreferrer">
        {title}
      </a>
    ),
  },
  { title: 'Type', dataIndex: 'content_kind', key: 'content_kind', render: (kind: TrainingContentRow['content_kind']) => KIND_NAMES[kind] },
  { title: 'Category', dataIndex: 'category_name', key: 'category_name' },
  { title: 'Source', key: 'source', render: (_value, row) => (row.source_kind === 'link' ? 'Link' : row.size === null ? 'File' : `File (${shownSize(row.size)})`) },
  { title: 'Retailer', dataIndex: 'retailer_name', key: 'retailer_name', render: (name: string | null) => name ?? 'Everyone' },
  { title: 'Added By', dataIndex: 'added_by_name', key: 'added_by_name' },
  { title: 'Created At', dataIndex: 'created_at', key: 'created_at', render: shownDate },
  {
    title: 'Action',
    key: 'action',
    render: (_value, row) => (
      <Button size="small" danger aria-label={`Remove ${row.title}`} onClick={() => remove(row)}>
        Remove
      </Button>
    ),
  },
];

/**
 * Training Content (/trainingcontent, ours: roles 1 and 12, HELP_PUBLISHER_ROLES): the documents
 * and videos the caller manages, by type and keyword; Add Training Content opens the form, Remove
 * takes an item out of the trees after a confirmation.
 */
export default function TrainingContentPage() {
  const [adding, setAdding] = useState(false);
  const removeCommand = useRecordCommand(helpRoutes.removeContent, changed);

  const remove = (row: TrainingContentRow) =>
    Modal.confirm({
      title: REMOVE_CONFIRM,
      okText: 'Yes',
      cancelText: 'No',
      onOk: () => removeCommand.mutate({ id: row.id }),
    });

  return (
    <>
      <ReportPage<TrainingContentRow>
        title="Training Content"
        list={helpRoutes.content}
        rowKey="id"
        refreshable
        columns={columns(remove)}
        filters={
          <>
            <Form.Item name="content_kind">
              <Select aria-label="Type" placeholder="Type" allowClear options={KIND_OPTIONS} style={{ minWidth: 140 }} />
            </Form.Item>
            <Form.Item name="search_text">
              <Input placeholder="Keyword" allowClear maxLength={100} />
            </Form.Item>
          </>
        }
        actions={
          <Button type="primary" onClick={() => setAdding(true)}>
            Add Training Content
          </Button>
        }
      />
      {adding && <AddTrainingContentDrawer onClose={() => setAdding(false)} />}
    </>
  );
}
