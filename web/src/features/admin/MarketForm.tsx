import AdminFormCard from './AdminFormCard';
import { MARKET_FORM_MESSAGES, addMarketBody, editMarketBody } from '@portal/contracts/admin/admin.schemas';
import type { MarketRow } from '@portal/contracts/admin/admin.views';
import { Button, Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { route } from '../../app/api-client';
import { useCommand, useRecordCommand } from '../../app/command';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';
import { checkedBy } from '../../app/schema-rule';
import { useSession } from '../../app/session-context';
import { passesSchema, showRefusedFields } from '../../app/form-problems';
import { unitsView } from './unit-choices';
import { usePeopleChoices } from './unit-columns';

const list = route('GET', '/api/v1/ibo_marketers');
const addMarket = route('POST', '/api/v1/ibo_marketers');
const editMarket = route('POST', '/api/v1/ibo_marketers/:id');
const retailers = route('GET', '/api/v1/reference/retailers');
/** A new or renamed market shows in the IBO/Market pickers of every screen. */
const reload = [list, route('GET', '/api/v1/reference/ibo_marketers')];

interface MarketFormValues {
  retailer_id?: string;
  name?: string;
  manager_id?: string[];
}

type MarketBody = Record<string, unknown>;

/**
 * Add IBO/Market (/addmarketers) and Edit IBO/Market (/editmarketers), doc 3 §2, §5, §7:
 * Retailer (hidden for role 12, whose retailer is their own; required otherwise: 'Please input
 * Retailer'; shown disabled on Edit, a market never moves) and the name ('Please input IBO /
 * Market Name' on Add, 'Please input IBO / Marketer' on Edit); on Edit also the IBO Managers
 * (IBO managers of the retailer; the market's add-on managers are kept as they are). On success
 * the server's message, then the IBO/Market list.
 */
export default function MarketForm({ market }: { market?: MarketRow }) {
  const editing = market !== undefined;
  const { user } = useSession();
  const viewer = useMemo(() => user?.role_id ?? [], [user]);
  const picksRetailer = unitsView.picksRetailer(viewer);
  const [form] = Form.useForm<MarketFormValues>();
  const navigate = useNavigate();
  const add = useCommand<MarketBody>(addMarket, reload);
  const edit = useRecordCommand<MarketBody>(editMarket, reload);
  const managers = usePeopleChoices(editing ? ['ibo_manager'] : [], market?.get_manager_info);
  const opening = useMemo<MarketFormValues>(() => (market ? { name: market.name, manager_id: market.get_manager_info.map((person) => person.user_id) } : {}), [market]);

  const send = (values: MarketFormValues) => {
    const name = values.name?.trim();
    const body: MarketBody = market
      ? {
          name,
          retailer_id: market.retailer_id,
          manager_id: values.manager_id ?? [],
          // The form does not show them: sent as they are, so they stay.
          supervisor_id: market.get_supervisor_info.map((person) => person.user_id),
          _method: 'PUT',
        }
      : { name, ...(picksRetailer && { retailer_id: values.retailer_id }), manager_id: [], supervisor_id: [] };
    if (!passesSchema(form, market ? editMarketBody : addMarketBody, body)) return;
    const callbacks = { onSuccess: () => navigate('/marketers'), onError: (failure: unknown) => showRefusedFields(form, failure) };
    if (market) edit.mutate({ id: market.id, body }, callbacks);
    else add.mutate(body, callbacks);
  };

  const title = editing ? 'Edit IBO/Market' : 'Add IBO/Market';
  return (
    <AdminFormCard title={title} back="/marketers">
      <Form<MarketFormValues> form={form} name={editing ? 'edit-market' : 'add-market'} layout="vertical" initialValues={opening} onFinish={send} style={{ maxWidth: 560 }}>
        {picksRetailer &&
          (market ? (
            <Form.Item label="Retailer" htmlFor="edit-market-retailer">
              <Input id="edit-market-retailer" value={market.retailer_name} disabled />
            </Form.Item>
          ) : (
            <Form.Item name="retailer_id" label="Retailer" required rules={[{ required: true, message: MARKET_FORM_MESSAGES.retailer }]}>
              <TypeaheadSelect route={retailers} search="client" placeholder="Retailer" style={{ width: '100%' }} />
            </Form.Item>
          ))}
        <Form.Item name="name" label={editing ? 'IBO/Marketer Name' : 'IBO/Market Name'} required rules={[checkedBy((editing ? editMarketBody : addMarketBody).shape.name)]}>
          <Input placeholder={editing ? 'IBO/Marketer Name' : 'IBO/Market Name'} maxLength={100} />
        </Form.Item>
        {editing && (
          <Form.Item name="manager_id" label="IBO Manager">
            <Select mode="multiple" allowClear placeholder="IBO Manager" options={managers.options} loading={managers.loading} optionFilterProp="label" />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={add.isPending || edit.isPending}>
          {editing ? 'Update IBO/Market' : 'Add IBO/Market'}
        </Button>
      </Form>
    </AdminFormCard>
  );
}
