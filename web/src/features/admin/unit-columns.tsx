import type { UnitPerson } from '@portal/contracts/admin/admin.views';
import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Space, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { useMemo } from 'react';
import { call, queryKey, route } from '../../app/api-client';
import { useRecordCommand } from '../../app/command';
import { personOption, shownDate, shownText } from '../../app/format';
import { type PersonChoice, UNIT_MESSAGES, UNIT_STATUS, UNIT_STATUS_NAMES, UNIT_STATUS_OPTIONS, type UnitStatus } from './unit-choices';

/** The pieces the IBO/Market and Office lists share (doc 3 §2): the chain's names, people as tags, status, its filter and its toggle. */

interface Chained {
  readonly master_agent_name: string;
  readonly distributor_name: string;
  readonly retailer_name: string;
}

/** Master, Distributor and Retailer (the super role's columns, doc 3 §2, §6); Retailer sorts on the server when the list can. */
export function chainColumns<Row extends Chained>(retailerSorts: boolean): ColumnType<Row>[] {
  return [
    { title: 'Master', dataIndex: 'master_agent_name', key: 'master_agent_name', width: 160, render: (value: unknown) => shownText(value) },
    { title: 'Distributor', dataIndex: 'distributor_name', key: 'distributor_name', width: 160, render: (value: unknown) => shownText(value) },
    { title: 'Retailer', dataIndex: 'retailer_name', key: 'retailer_name', width: 160, sorter: retailerSorts, render: (value: unknown) => shownText(value) },
  ];
}

/** People of a unit (its managers) as tags; a dash when there are none. */
export const peopleTags = (people: readonly UnitPerson[]) => (people.length ? <Space size={[0, 4]} wrap>{people.map((person) => <Tag key={person.user_id}>{person.name}</Tag>)}</Space> : '—');

/** A column of people as tags. */
export const peopleColumn = <Row,>(title: string, key: string, people: (row: Row) => readonly UnitPerson[], width: number): ColumnType<Row> => ({
  title,
  key,
  width,
  render: (_value, row) => peopleTags(people(row)),
});

export const createdColumn = <Row,>(title: string): ColumnType<Row> => ({ title, dataIndex: 'created_at', key: 'created_at', width: 130, sorter: true, render: (at: string) => shownDate(at) });

/**
 * Status (doc 3 §4: 1 Active, 0 Inactive), sorted on the server, with its column filter: the
 * choice is the screen's (`status`, sent by ReportPage's `fixedQuery`, so with the export too).
 */
export function statusColumn<Row extends { status: number }>(status: UnitStatus | undefined, setStatus: (status: UnitStatus | undefined) => void): ColumnType<Row> {
  const choices: { value: UnitStatus | undefined; label: string }[] = [{ value: undefined, label: 'All' }, ...UNIT_STATUS_OPTIONS];
  return {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    width: 110,
    sorter: true,
    filtered: status !== undefined,
    filterDropdown: ({ close }) => (
      <Space orientation="vertical" size={0} style={{ padding: 4 }} aria-label="Status filter">
        {choices.map((choice) => (
          <Button
            key={choice.label}
            type={choice.value === status ? 'primary' : 'text'}
            aria-pressed={choice.value === status}
            block
            onClick={() => {
              setStatus(choice.value);
              close();
            }}
          >
            {choice.label}
          </Button>
        ))}
      </Space>
    ),
    render: (value: number) => <Tag color={value === UNIT_STATUS.active ? 'green' : 'orange'}>{UNIT_STATUS_NAMES[value as UnitStatus] ?? shownText(value)}</Tag>,
  };
}

/**
 * Activate / Deactivate of one IBO/Market or office (doc 3 §4): a confirmation (Yes/No), then
 * POST …/action/:id { status } — the server's message, the list reloaded; a refusal (a unit that
 * still holds devices or active agents) in the server's words.
 */
export function useStatusToggle(kind: 'market' | 'office', api: ApiRoute, reload: readonly ApiRoute[]) {
  const command = useRecordCommand<{ status: UnitStatus }>(api, reload);
  const ask = (row: { id: string; status: number }, name: string) => {
    const next: UnitStatus = row.status === UNIT_STATUS.active ? UNIT_STATUS.inactive : UNIT_STATUS.active;
    Modal.confirm({ title: UNIT_MESSAGES.statusConfirm(kind, name, next), okText: 'Yes', cancelText: 'No', onOk: () => command.mutate({ id: row.id, body: { status: next } }) });
  };
  /** The row's button: Deactivate an active unit, Activate an inactive one. */
  return (row: { id: string; status: number }, name: string) => {
    const verb = row.status === UNIT_STATUS.active ? 'Deactivate' : 'Activate';
    return (
      <Button size="small" danger={verb === 'Deactivate'} aria-label={`${verb} ${name}`} loading={command.isPending && command.variables?.id === row.id} onClick={() => ask(row, name)}>
        {verb}
      </Button>
    );
  };
}

const peopleOfRole = route('GET', '/api/v1/userlist_based_on_role/:role');

/**
 * The active users of these lookup roles (GET userlist_based_on_role/:role, within the scope and,
 * when an IBO/Market is given, of its retailer: the people who may manage its offices) as choices,
 * with the people a unit already has kept on offer.
 */
export function usePeopleChoices(roles: readonly ('ibo_manager' | 'office_manager' | 'office_supervisor')[], current: readonly UnitPerson[] = [], iboMarketerId?: string) {
  const query = iboMarketerId ? { ibo_marketer_id: iboMarketerId } : {};
  const answers = useQuery({
    queryKey: ['people', ...roles.map((role) => queryKey(peopleOfRole, { params: { role }, query }))],
    queryFn: async () => {
      const lists = await Promise.all(roles.map((role) => call<{ data: PersonChoice[] }>(peopleOfRole, { params: { role }, query })));
      return lists.flatMap((list) => list.data);
    },
    enabled: roles.length > 0,
    staleTime: 60_000,
  });
  return useMemo(() => {
    const seen = new Set<string>();
    const options: { value: string; label: string }[] = [];
    const add = (option: { value: string; label: string }) => {
      if (seen.has(option.value)) return;
      seen.add(option.value);
      options.push(option);
    };
    for (const person of answers.data ?? []) add(personOption(person));
    for (const person of current) add({ value: person.user_id, label: person.name });
    return { options, loading: answers.isFetching };
  }, [answers.data, answers.isFetching, current]);
}
