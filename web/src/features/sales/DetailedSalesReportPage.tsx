import { DETAILED_SALES_SORT_KEYS, detailedSalesShowsIbo } from '@portal/contracts/sales/sales.schemas';
import type { DetailedSalesRow } from '@portal/contracts/sales/sales.views';
import { Form, Input } from 'antd';
import { useMemo } from 'react';
import { route } from '../../app/api-client';
import { IboMarketFilter, OfficeFilter, useRoles } from '../../app/report/holder-filters';
import ReportPage from '../../app/report/ReportPage';
import SalesDateRangeFilter from '../../app/report/SalesDateRangeFilter';
import { salesColumn } from './sales-columns';

const list = route('GET', '/api/v1/manager/manager_sales_report');
const exportRoute = route('GET', '/api/v1/detailed_sales_export');

/** What the keyword finds (projections' detailed sales keyword); IBO only where the screen names IBOs. */
const DETAILED_KEYWORD_HINT = 'Search IMEI, carton, enrollment ID, ESN, agent, office or IBO';
const DETAILED_KEYWORD_HINT_WITHOUT_IBO = 'Search IMEI, carton, enrollment ID, ESN, agent or office';

/**
 * Detailed Sales Report (salesreport, doc 2 §2): the activations in the caller's scope, filtered
 * by keyword, activation dates (the last 31 days up to today; all of them when none are chosen),
 * office and IBO/Market; the columns in doc 2 §2's order (as the file has them), the first kept on
 * the left, every one sorted on the server; Export Report with the same filters and sort. The IBO
 * Name column and the IBO/Market filter are hidden for roles 11 and 3 (doc 2 §6: contracts'
 * `detailedSalesShowsIbo`, which the server applies too). The keyword box says what it searches
 * (the server's match: a part of an IMEI or of a name, a whole carton, enrollment ID or ESN).
 */
export default function DetailedSalesReportPage() {
  const roles = useRoles();
  const showsIbo = detailedSalesShowsIbo(roles);
  const columns = useMemo(() => DETAILED_SALES_SORT_KEYS.filter((key) => showsIbo || key !== 'ibo_name').map((key) => salesColumn<DetailedSalesRow>(key)), [showsIbo]);
  return (
    <ReportPage<DetailedSalesRow>
      title="Detailed Sales Report"
      list={list}
      exportRoute={exportRoute}
      rowKey="imei"
      columns={columns}
      filters={
        <>
          {/* The item may not grow past the form (a phone): the input's maxWidth is of the item. */}
          <Form.Item name="keyword" style={{ maxWidth: '100%' }}>
            <Input placeholder={showsIbo ? DETAILED_KEYWORD_HINT : DETAILED_KEYWORD_HINT_WITHOUT_IBO} aria-label="Keyword" allowClear style={{ width: 380, maxWidth: '100%' }} />
          </Form.Item>
          <SalesDateRangeFilter />
          <OfficeFilter />
          {showsIbo && <IboMarketFilter />}
        </>
      }
    />
  );
}
