import { UploadOutlined } from '@ant-design/icons';
import { ANNOUNCEMENT_AUDIENCE_ROLES, HELP_MESSAGES } from '@portal/contracts/help/help.codes';
import { publishAnnouncementBody } from '@portal/contracts/help/help.schemas';
import { ROLE_NAMES } from '@portal/contracts/platform/roles';
import { Button, Checkbox, Form, Input, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useCommand } from '../../app/command';
import { checkedBy } from '../../app/schema-rule';
import { showRefusedFields } from '../../app/form-problems';
import CommandDrawer from '../../app/widgets/CommandDrawer';
import { FILE_RULES, fileProblem, lastFile, shownSize } from './help-files';
import { helpRoutes } from './help-queries';

const { shape } = publishAnnouncementBody;
const rule = FILE_RULES.announcement;
const AUDIENCE_OPTIONS = ANNOUNCEMENT_AUDIENCE_ROLES.map((role) => ({ value: role, label: ROLE_NAMES[role] }));

interface AnnouncementForm {
  message_text?: string;
  audience_roles?: number[];
  file?: UploadFile[];
  link_url?: string;
  link_name?: string;
}

/**
 * Publish Announcement (ours; doc 3 §3 Announcement): the message, the roles it is for (none
 * ticked: everyone), and an optional file (PDF, PNG, JPEG) or link; sent as multipart
 * message_text, audience_roles (comma list), `file`, link_url, link_name. The server's message
 * follows, the list reloads, the drawer closes.
 */
export default function PublishAnnouncementDrawer({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<AnnouncementForm>();
  const command = useCommand<FormData>(helpRoutes.publishAnnouncement, [helpRoutes.announcements]);

  const send = (values: AnnouncementForm) => {
    const message = values.message_text?.trim();
    if (!message) return;
    const file = values.file?.[0]?.originFileObj;
    const link = values.link_url?.trim();
    const body = new FormData();
    body.append('message_text', message);
    body.append('audience_roles', (values.audience_roles ?? []).join(','));
    if (file) body.append('file', file, file.name);
    if (link) {
      body.append('link_url', link);
      const name = values.link_name?.trim();
      if (name) body.append('link_name', name);
    }
    command.mutate(body, { onSuccess: onClose, onError: (failure) => showRefusedFields(form, failure) });
  };

  return (
    <CommandDrawer title="Publish Announcement" submitLabel="Publish" submitting={command.isPending} onCancel={onClose} onSubmit={() => form.submit()}>
      <Form<AnnouncementForm> form={form} name="publish-announcement" layout="vertical" onFinish={send}>
        <Form.Item name="message_text" label="Message" required rules={[checkedBy(shape.message_text)]}>
          <Input.TextArea placeholder="Message" maxLength={2000} showCount autoSize={{ minRows: 4, maxRows: 10 }} />
        </Form.Item>
        <Form.Item name="audience_roles" label="Audience" extra="None ticked: everyone">
          <Checkbox.Group options={AUDIENCE_OPTIONS} />
        </Form.Item>
        <Form.Item
          name="file"
          label="File (PDF, PNG or JPEG)"
          extra={`Optional; one file, at most ${shownSize(rule.maxBytes)}`}
          valuePropName="fileList"
          getValueFromEvent={lastFile}
          dependencies={['link_url']}
          rules={[
            {
              validator: async (_rule, chosen: UploadFile[] | undefined) => {
                const file = chosen?.[0];
                if (!file) return;
                const problem = fileProblem(file, rule) ?? ((form.getFieldValue('link_url') as string | undefined)?.trim() ? HELP_MESSAGES.fileOrLink : undefined);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Upload accept={rule.accept} maxCount={1} beforeUpload={() => false}>
            <Button icon={<UploadOutlined />}>Choose File</Button>
          </Upload>
        </Form.Item>
        <Form.Item name="link_url" label="Link URL" rules={[checkedBy(shape.link_url)]}>
          <Input placeholder="https://" maxLength={2000} />
        </Form.Item>
        <Form.Item name="link_name" label="Link name" rules={[checkedBy(shape.link_name)]}>
          <Input placeholder="Link name" maxLength={200} />
        </Form.Item>
      </Form>
    </CommandDrawer>
  );
}
