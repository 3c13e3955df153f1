import { UploadOutlined } from '@ant-design/icons';
import { HELP_MESSAGES, TRAINING_CATEGORIES, type TrainingCategoryId, type TrainingKind } from '@portal/contracts/help/help.codes';
import { addTrainingContentBody } from '@portal/contracts/help/help.schemas';
import { Button, Form, Input, Radio, Select, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useCommand } from '../../app/command';
import { checkedBy } from '../../app/schema-rule';
import { showRefusedFields } from '../../app/form-problems';
import CommandDrawer from '../../app/widgets/CommandDrawer';
import { FILE_RULES, fileProblem, lastFile, shownSize } from './help-files';
import { helpRoutes } from './help-queries';

const { shape } = addTrainingContentBody;

interface TrainingContentForm {
  content_kind: TrainingKind;
  category?: TrainingCategoryId;
  title?: string;
  /** Where the content comes from: an uploaded file or a link. */
  source: 'file' | 'link';
  file?: UploadFile[];
  link_url?: string;
}

export const KIND_NAMES: Record<TrainingKind, string> = { document: 'Document', video: 'Video' };
export const KIND_OPTIONS = (Object.keys(KIND_NAMES) as TrainingKind[]).map((kind) => ({ value: kind, label: KIND_NAMES[kind] }));
const CATEGORY_OPTIONS = TRAINING_CATEGORIES.map((category) => ({ value: category.id, label: category.name }));

/**
 * Add Training Content (ours; doc 3 §2 trees): the type, the category, the title, and either one
 * file (a PDF for a document, WebM or MP4 for a video, within the size limit) or a link; sent as
 * multipart content_kind, category, title and `file` or `link_url`. The server's message follows,
 * the list and the trees reload, the drawer closes.
 */
export default function AddTrainingContentDrawer({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<TrainingContentForm>();
  const command = useCommand<FormData>(helpRoutes.addContent, [helpRoutes.content, helpRoutes.documents, helpRoutes.videos]);
  const kind = Form.useWatch('content_kind', form) ?? 'document';
  const source = Form.useWatch('source', form) ?? 'file';
  const rule = FILE_RULES[kind];

  const send = (values: TrainingContentForm) => {
    const file = values.source === 'file' ? values.file?.[0]?.originFileObj : undefined;
    const link = values.source === 'link' ? values.link_url?.trim() : undefined;
    if (!values.category || !values.title || (!file && !link)) return;
    const body = new FormData();
    body.append('content_kind', values.content_kind);
    body.append('category', values.category);
    body.append('title', values.title.trim());
    if (file) body.append('file', file, file.name);
    if (link) body.append('link_url', link);
    command.mutate(body, { onSuccess: onClose, onError: (failure) => showRefusedFields(form, failure) });
  };

  return (
    <CommandDrawer title="Add Training Content" submitLabel="Add" submitting={command.isPending} onCancel={onClose} onSubmit={() => form.submit()}>
      <Form<TrainingContentForm> form={form} name="training-content" layout="vertical" initialValues={{ content_kind: 'document', source: 'file' }} onFinish={send}>
        <Form.Item name="content_kind" label="Type" required rules={[checkedBy(shape.content_kind)]}>
          <Radio.Group options={KIND_OPTIONS} />
        </Form.Item>
        <Form.Item name="category" label="Category" required rules={[checkedBy(shape.category)]}>
          <Select placeholder="Category" options={CATEGORY_OPTIONS} />
        </Form.Item>
        <Form.Item name="title" label="Title" required rules={[checkedBy(shape.title)]}>
          <Input placeholder="Title" maxLength={200} />
        </Form.Item>
        <Form.Item name="source" label="Source">
          <Radio.Group
            options={[
              { value: 'file', label: 'Upload a file' },
              { value: 'link', label: 'Link' },
            ]}
          />
        </Form.Item>
        {source === 'file' ? (
          <Form.Item
            name="file"
            label={kind === 'video' ? 'Video (WebM or MP4)' : 'Document (PDF)'}
            extra={`One file, at most ${shownSize(rule.maxBytes)}`}
            valuePropName="fileList"
            getValueFromEvent={lastFile}
            dependencies={['content_kind']}
            required
            rules={[
              { required: true, type: 'array', min: 1, message: HELP_MESSAGES.fileOrLink },
              {
                validator: async (_rule, chosen: UploadFile[] | undefined) => {
                  const problem = chosen?.[0] && fileProblem(chosen[0], rule);
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <Upload accept={rule.accept} maxCount={1} beforeUpload={() => false}>
              <Button icon={<UploadOutlined />}>Choose File</Button>
            </Upload>
          </Form.Item>
        ) : (
          <Form.Item name="link_url" label="Link" required rules={[{ required: true, whitespace: true, message: HELP_MESSAGES.link }, checkedBy(shape.link_url)]}>
            <Input placeholder="https://" maxLength={2000} />
          </Form.Item>
        )}
      </Form>
    </CommandDrawer>
  );
}
