import { UploadOutlined } from '@ant-design/icons';
import { DOCUMENT_MESSAGES } from '@portal/contracts/documents/documents.codes';
import { publishDocumentBody } from '@portal/contracts/documents/documents.schemas';
import type { OfficeOption } from '@portal/contracts/inventory/inventory.views';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Select, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useEffect, useMemo, useRef, useState } from 'react';
import { call, queryKey } from '../../app/api-client';
import { useCommand } from '../../app/command';
import { officeOption } from '../../app/format';
import { TYPEAHEAD_DEBOUNCE_MS } from '../../app/report/TypeaheadSelect';
import { checkedBy } from '../../app/schema-rule';
import CommandDrawer from '../../app/widgets/CommandDrawer';
import { complianceRoutes, isPdf, refusedFields } from './compliance-api';

const { shape } = publishDocumentBody;

/** Who a document is for: the two boxes (at least one ticked). */
const AUDIENCE_OPTIONS = [
  { value: 'agents', label: 'Agents' },
  { value: 'managers', label: 'Managers' },
] as const;
type Audience = (typeof AUDIENCE_OPTIONS)[number]['value'];

interface PublishForm {
  document_name?: string;
  file?: UploadFile[];
  audience?: Audience[];
  office_ids?: string[];
  ibo_marketer_ids?: string[];
}

/** The form item of each field the server may refuse (the two audience flags share one item). */
const ITEM_OF_FIELD: Record<string, keyof PublishForm> = { document_name: 'document_name', file: 'file', agents: 'audience', managers: 'audience', office_ids: 'office_ids', ibo_marketer_ids: 'ibo_marketer_ids' };

interface Choice {
  value: string;
  label: string;
}

/** Its value after `delay` ms without change. */
function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * The audience boxes. A required Form.Item puts aria-required on its control, which a checkbox
 * group may not carry (role=group; axe-core: aria-allowed-attr): dropped here, the asterisk and
 * the message still say it is required.
 */
function AudienceChoices({ value, onChange }: { value?: Audience[]; onChange?: (value: Audience[]) => void }) {
  return <Checkbox.Group aria-label="For" value={value} onChange={onChange} options={[...AUDIENCE_OPTIONS]} />;
}

/**
 * Offices to choose, several: the first 200 in scope at once, others by typing (the server
 * searches name and number). Chosen offices keep their names while other matches are listed.
 */
function OfficesSelect({ value, onChange, id }: { value?: string[]; onChange?: (value: string[]) => void; id?: string }) {
  const [typed, setTyped] = useState('');
  const term = useDebounced(typed.trim(), TYPEAHEAD_DEBOUNCE_MS);
  const options = { query: { term } };
  const answer = useQuery({
    queryKey: queryKey(complianceRoutes.offices, options),
    queryFn: () => call<{ data: OfficeOption[] }>(complianceRoutes.offices, options),
    staleTime: 60_000,
  });
  const known = useRef(new Map<string, Choice>());
  const listed = useMemo(() => {
    const found = (answer.data?.data ?? []).map(officeOption);
    for (const choice of found) known.current.set(choice.value, choice);
    return found;
  }, [answer.data]);
  const chosen = (value ?? []).filter((id) => !listed.some((choice) => choice.value === id)).map((id) => known.current.get(id) ?? { value: id, label: id });
  return (
    <Select<string[], Choice>
      id={id}
      mode="multiple"
      allowClear
      placeholder="Offices"
      value={value}
      onChange={(next) => onChange?.(next)}
      options={[...chosen, ...listed]}
      loading={answer.isFetching}
      showSearch={{ onSearch: setTyped, filterOption: false, searchValue: typed }}
      onBlur={() => setTyped('')}
    />
  );
}

/** The IBOs/markets in scope, several to choose, filtered as typed. */
function IboMarketsSelect({ value, onChange, id }: { value?: string[]; onChange?: (value: string[]) => void; id?: string }) {
  const answer = useQuery({
    queryKey: queryKey(complianceRoutes.iboMarkets),
    queryFn: () => call<{ data: { id: string; name: string }[] }>(complianceRoutes.iboMarkets),
    staleTime: 60_000,
  });
  const options = useMemo(() => (answer.data?.data ?? []).map((market) => ({ value: market.id, label: market.name })), [answer.data]);
  return <Select<string[], Choice> id={id} mode="multiple" allowClear placeholder="IBOs/Markets" value={value} onChange={(next) => onChange?.(next)} options={options} loading={answer.isFetching} optionFilterProp="label" />;
}

/** The Upload's one file as the form keeps it: the last chosen. */
const lastFile = (event: { fileList: UploadFile[] }) => event.fileList.slice(-1);

/**
 * Publish Document (ours: the spec shows no publishing screen): the name, the PDF, who signs it
 * (agents, managers or both) and of which offices or IBOs/markets (none chosen: everyone in the
 * publisher's scope). Sent as multipart document_name, agents and managers ('1'/'0'), office_ids
 * and ibo_marketer_ids (comma lists) and `file`; the server's message follows, the list reloads,
 * the drawer closes. A refusal's field messages show on their fields.
 */
export default function PublishDocumentDrawer({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<PublishForm>();
  const command = useCommand<FormData>(complianceRoutes.publish, [complianceRoutes.published]);

  const send = (values: PublishForm) => {
    const name = values.document_name?.trim();
    const file = values.file?.[0]?.originFileObj;
    const audience = values.audience ?? [];
    if (!name || !file) return;
    const body = new FormData();
    body.append('document_name', name);
    body.append('agents', audience.includes('agents') ? '1' : '0');
    body.append('managers', audience.includes('managers') ? '1' : '0');
    body.append('office_ids', (values.office_ids ?? []).join(','));
    body.append('ibo_marketer_ids', (values.ibo_marketer_ids ?? []).join(','));
    body.append('file', file, file.name);
    command.mutate(body, {
      onSuccess: onClose,
      onError: (failure) => {
        const refused = Object.entries(refusedFields(failure)).filter(([field]) => field in ITEM_OF_FIELD);
        form.setFields(refused.map(([field, problem]) => ({ name: ITEM_OF_FIELD[field]!, errors: [problem] })));
      },
    });
  };

  return (
    <CommandDrawer title="Publish Document" submitLabel="Publish" submitting={command.isPending} onCancel={onClose} onSubmit={() => form.submit()}>
      <Form<PublishForm> form={form} name="publish-document" layout="vertical" onFinish={send}>
        <Form.Item name="document_name" label="Document name" required rules={[checkedBy(shape.document_name)]}>
          <Input placeholder="Document name" maxLength={200} />
        </Form.Item>
        <Form.Item
          name="file"
          label="Document (PDF)"
          required
          valuePropName="fileList"
          getValueFromEvent={lastFile}
          rules={[
            {
              validator: async (_rule, chosen: UploadFile[] | undefined) => {
                const file = chosen?.[0];
                if (!file || !isPdf(file)) throw new Error(DOCUMENT_MESSAGES.file);
              },
            },
          ]}
        >
          <Upload accept=".pdf,application/pdf" maxCount={1} beforeUpload={() => false}>
            <Button icon={<UploadOutlined />}>Choose File</Button>
          </Upload>
        </Form.Item>
        <Form.Item
          name="audience"
          label="For"
          required
          rules={[
            {
              validator: async (_rule, ticked: Audience[] | undefined) => {
                if (!ticked?.length) throw new Error(DOCUMENT_MESSAGES.audienceRoles);
              },
            },
          ]}
        >
          <AudienceChoices />
        </Form.Item>
        <Form.Item name="office_ids" label="Offices">
          <OfficesSelect />
        </Form.Item>
        <Form.Item name="ibo_marketer_ids" label="IBOs/Markets">
          <IboMarketsSelect />
        </Form.Item>
        <Typography.Paragraph type="secondary">No office and no IBO/Market chosen: the document is for everyone in your scope (the agents and/or managers ticked above).</Typography.Paragraph>
      </Form>
    </CommandDrawer>
  );
}
