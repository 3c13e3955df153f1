import { AGENT_SALES_SORT_KEYS } from '@portal/contracts/sales/sales.schemas';
import type { AgentSalesRow } from '@portal/contracts/sales/sales.views';
import { Form, Input } from 'antd';
import { route } from '../../app/api-client';
import ReportPage from '../../app/report/ReportPage';
import SalesDateRangeFilter from '../../app/report/SalesDateRangeFilter';
import { salesColumn } from './sales-columns';

const list = route('GET', '/api/v1/agent/agent_sales_report');
const exportRoute = route('GET', '/api/v1/agent/agent_sales_report_export');

/** Doc 2 §2 names the agent's enrollment column Enrollment Number. */
const columns = AGENT_SALES_SORT_KEYS.map((key) => salesColumn<AgentSalesRow>(key, key === 'enroll_id' ? 'Enrollment Number' : undefined));

/** What the keyword finds (projections' agent sales keyword: a part of an IMEI, a whole carton, enrollment number or ESN). */
const AGENT_KEYWORD_HINT = 'Search IMEI, carton, enrollment number or ESN';

/**
 * Agent Sales Detailed Report (agent-salesreport, doc 2 §2): the agent's own activations over the
 * chosen activation dates (the last 31 days up to today; all of them when none are chosen), a
 * keyword, the columns in doc 2 §2's order (Enrollment Number first and kept on the left, as the
 * file has them) each sorted on the server, and Export Report.
 */
export default function AgentSalesReportPage() {
  return (
    <ReportPage<AgentSalesRow>
      title="Sales Report"
      list={list}
      exportRoute={exportRoute}
      rowKey="imei"
      columns={columns}
      filters={
        <>
          {/* The item may not grow past the form (a phone): the input's maxWidth is of the item. */}
          <Form.Item name="keyword" style={{ maxWidth: '100%' }}>
            <Input placeholder={AGENT_KEYWORD_HINT} aria-label="Keyword" allowClear style={{ width: 300, maxWidth: '100%' }} />
          </Form.Item>
          <SalesDateRangeFilter />
        </>
      }
    />
  );
}
