import { LEGACY_SORT_KEYS } from '@portal/contracts/reports/reports.constants';
import { legacyReportBody } from '@portal/contracts/reports/reports.schemas';
import type { LegacyDeviceRow } from '@portal/contracts/reports/reports.views';
import { Form, Input, Radio } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useMemo } from 'react';
import { route } from '../../app/api-client';
import DateRangeFilter from '../../app/report/DateRangeFilter';
import { DATE_RULES } from '../../app/report/date-rules';
import ReportPage, { type ReportRequest } from '../../app/report/ReportPage';
import LegacyQueryBuilder, { type BuilderQuery, emptyQuery, toQueryString } from './LegacyQueryBuilder';
import { can } from '../../app/access';
import { AgentFilter, IboMarketFilter, OfficeFilter, useRoles } from '../../app/report/holder-filters';
import { reportRequest, shownDate, shownText } from './report-query';
import { shownDeviceType } from '../../app/format';
import ImeiLink from '../../app/widgets/ImeiLink';
import StatusGroups from './StatusGroups';

const firstPage = route('GET', '/api/v1/legacy_detailed_sales_report');
const search = route('POST', '/api/v1/legacy_detailed_sales_report');
const exportRoute = route('POST', '/api/v1/legacy_detailed_sales_export');

type LegacySortKey = (typeof LEGACY_SORT_KEYS)[number];
/** The 20 columns of doc 1 §2.12, in its order, each sorted on the server by its key. */
const TITLES: Record<LegacySortKey, string> = {
  retailer_name: 'Retailer Name',
  ibo_name: 'IBO / Markets',
  allocated_office_name: 'Allocated Office',
  office_name: 'Office',
  agent_name: 'Agent Name',
  excess_code: 'ETC Code',
  enroll_id: 'Enrollment Number',
  order_prefix: 'Order ID',
  rma_prefix: 'RMA ID',
  imei: 'IMEI',
  pallet: 'Pallet',
  carton: 'Carton',
  enroll_type: 'Enrollment Type',
  esn: 'ESN',
  order_date: 'Order Date',
  activation_date: 'Activation Date',
  allocation_date: 'Allocation Date',
  status_name: 'Status',
  plan_name: 'Plan Name',
  device_type: 'Device Type',
};
const DATES: readonly LegacySortKey[] = ['order_date', 'activation_date', 'allocation_date'];

/** Doc 1 §6: Retailer Name for the super role only; the IBO column not for the office manager (role 3). */
function legacyColumns(roles: readonly number[]): ColumnsType<LegacyDeviceRow> {
  return LEGACY_SORT_KEYS.filter((key) => (key === 'retailer_name' ? can.seeRetailers(roles) : key === 'ibo_name' ? can.seeIboMarkets(roles) : true)).map((key) => ({
    title: TITLES[key],
    key,
    dataIndex: key,
    sorter: true,
    render: DATES.includes(key) ? (date: string | null) => shownDate(date) : key === 'device_type' ? shownDeviceType : key === 'imei' ? (imei: string | null) => <ImeiLink imei={imei} /> : shownText,
  }));
}

type SearchType = 'advanced' | 'keyword';

/**
 * Legacy Data's form as its call takes it: the filters as query parameters and, for Advanced
 * Search, the builder's query as the body's `query_string`; Search By Keyword sends `keyword`.
 */
function legacyRequest({ search_type, keyword, query_builder, ...filters }: Record<string, unknown>): ReportRequest {
  const { query } = reportRequest(filters);
  if ((search_type as SearchType) === 'keyword') return { query: { ...query, ...(typeof keyword === 'string' && keyword.trim() && { keyword: keyword.trim() }) }, body: {} };
  const queryString = toQueryString(query_builder as BuilderQuery | undefined);
  return { query, body: queryString ? { query_string: queryString } : {} };
}

/**
 * What keeps the builder's query from being searched, in the server's words (the same contracts
 * schema decides): an incomplete condition is named before anything is sent, and the table keeps
 * its last results.
 */
export function queryProblem(query: BuilderQuery | undefined): string | undefined {
  const checked = legacyReportBody.safeParse({ query_string: toQueryString(query) });
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

/** The keyword box or the query builder, as the search type says. */
function SearchFields() {
  const form = Form.useFormInstance();
  const searchType = Form.useWatch<SearchType>('search_type', form);
  return (
    <>
      <Form.Item name="search_type">
        <Radio.Group
          options={[
            { value: 'advanced', label: 'Advanced Search' },
            { value: 'keyword', label: 'Search By Keyword' },
          ]}
        />
      </Form.Item>
      <Form.Item name="keyword" hidden={searchType !== 'keyword'}>
        <Input placeholder="Keyword" allowClear />
      </Form.Item>
      <Form.Item
        name="query_builder"
        hidden={searchType === 'keyword'}
        style={{ width: '100%' }}
        rules={[
          {
            validator: async (_rule, query: BuilderQuery | undefined) => {
              const problem = searchType === 'keyword' ? undefined : queryProblem(query);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <LegacyQueryBuilder />
      </Form.Item>
    </>
  );
}

/**
 * Legacy Data (LegacyData, doc 1 §2.12): the title carries the total; Activation, Order and
 * Allocation From/To pickers (the end waits for the start, is not before it nor more than 30
 * days after it, nothing in the future); IBO/Market (not for roles 3 and 11), office and agent
 * type-aheads; Advanced Search (the query builder) or Search By Keyword; the status groups; a
 * sortable paged table and Export Report. The first page is a GET, a search POSTs the builder.
 */
export default function LegacyDataPage() {
  const roles = useRoles();
  const columns = useMemo(() => legacyColumns(roles), [roles]);
  const initialValues = useMemo(() => ({ search_type: 'advanced', query_builder: emptyQuery() }), []);
  return (
    <ReportPage<LegacyDeviceRow>
      title="Legacy Data"
      titleTotal
      list={firstPage}
      searchList={search}
      exportRoute={exportRoute}
      rowKey="imei"
      identifyingColumn="imei"
      columns={columns}
      initialValues={initialValues}
      toRequest={legacyRequest}
      filters={
        <>
          <DateRangeFilter rule={DATE_RULES.legacy} startPlaceholder="Activation From" endPlaceholder="Activation To" />
          <DateRangeFilter startName="order_date_range_start" endName="order_date_range_end" rule={DATE_RULES.legacy} startPlaceholder="Order From" endPlaceholder="Order To" />
          <DateRangeFilter startName="allocation_date_range_start" endName="allocation_date_range_end" rule={DATE_RULES.legacy} startPlaceholder="Allocation From" endPlaceholder="Allocation To" />
          {can.chooseIboMarket(roles) && <IboMarketFilter />}
          <OfficeFilter />
          <AgentFilter />
          <SearchFields />
          <Form.Item name="status" style={{ width: '100%' }}>
            <StatusGroups />
          </Form.Item>
        </>
      }
    />
  );
}
