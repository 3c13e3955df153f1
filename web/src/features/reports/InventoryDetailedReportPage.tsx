import { deviceTypes } from '@portal/contracts/inventory/inventory.codes';
import { DETAILED_REPORT_SORT_KEYS, type DetailedReportSortKey } from '@portal/contracts/reports/reports.constants';
import type { DetailedDeviceRow } from '@portal/contracts/reports/reports.views';
import { Form, Input, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { route } from '../../app/api-client';
import DateRangeFilter from '../../app/report/DateRangeFilter';
import { DATE_RULES } from '../../app/report/date-rules';
import ReportPage from '../../app/report/ReportPage';
import DeviceLogDrawer from './DeviceLogDrawer';
import PrintLabelsButton from '../../app/widgets/PrintLabelsButton';
import { can } from '../../app/access';
import { AgentFilter, IboMarketFilter, OfficeFilter, RetailerFilter, useRoles } from '../../app/report/holder-filters';
import { reportRequest, shownDate, shownText } from './report-query';
import { shownDeviceType } from '../../app/format';
import StatusGroups, { statusesFromLink } from './StatusGroups';
import { AS_OF_PARAM, useFleetAsOf } from './FleetAsOf';

const list = route('GET', '/api/v1/detailed_inventory_report');
const exportRoute = route('GET', '/api/v1/detailed_inventory_export');

/** The 20 columns of doc 1 §2.11, in its order; each sorts on the server by its key (`sort_by`). */
const TITLES: Record<DetailedReportSortKey, string> = {
  ibo_name: 'IBO Name',
  allocated_office_name: 'Allocated Office',
  office_name: 'Office',
  agent_name: 'Agent',
  make: 'Make',
  enroll_id: 'Enrollment ID',
  excess_code: 'ETC Code',
  model: 'Model',
  pallet: 'Pallet',
  carton: 'Carton',
  enroll_type: 'Enrollment Type',
  esn: 'ESN',
  imei: 'IMEI',
  device_type: 'Device Type',
  status_name: 'Status',
  allocation_date: 'Allocation Date',
  device_age: 'Device Age',
  order_prefix: 'Order Prefix',
  rma_prefix: 'RMA Prefix',
  activation_date: 'Activation Date',
};
/** Where a column's value sits in the row when not under its key (doc 1 §3: order_info.order_prefix, rma_order_info.rma_prefix). */
const PATHS: Partial<Record<DetailedReportSortKey, string[]>> = { order_prefix: ['order_info', 'order_prefix'], rma_prefix: ['rma_order_info', 'rma_prefix'] };
const DATES: readonly DetailedReportSortKey[] = ['allocation_date', 'activation_date'];

function detailedColumns(openLog: (imei: string) => void): ColumnsType<DetailedDeviceRow> {
  return DETAILED_REPORT_SORT_KEYS.map((key) => ({
    title: TITLES[key],
    key,
    dataIndex: PATHS[key] ?? key,
    sorter: true,
    render:
      key === 'imei'
        ? (imei: string) => <Typography.Link onClick={() => openLog(imei)}>{imei}</Typography.Link>
        : DATES.includes(key)
          ? (date: string | null) => shownDate(date)
          : key === 'device_type'
            ? shownDeviceType
            : shownText,
  }));
}

const DEVICE_TYPES = deviceTypes.map((type) => ({ value: type.code, label: type.name }));

/**
 * Inventory Detailed Report (InventoryDetailedReport, doc 1 §2.11): device rows with many filters,
 * the three status groups (a link's `?status=13` ticks the whole in-stock group, `?status=4` that
 * status), a device-log drawer on the IMEI, and Export Report. Retailer is for role 1; the
 * IBO/Market selector is hidden for roles 3 and 11, the Office selector for role 3 (doc 1 §6).
 * Allocation dates: no future day; activation dates: the last 31 days up to today (doc 1 §9).
 * Roles 1, 12 and 15 may read it as of a past date (`useFleetAsOf`), above the filters. Managers
 * tick device rows (across pages) to print their labels (issue 27).
 */
export default function InventoryDetailedReportPage() {
  const roles = useRoles();
  const asOf = useFleetAsOf();
  const [searchParams] = useSearchParams();
  const statusParam = searchParams.get('status');
  // The header's device finder links here with the IMEI digits, and log=open to open the one match's log.
  const imeiParam = searchParams.get('imei');
  // …and with a carton number (typed, or a carton label scanned): that carton's devices.
  const cartonParam = searchParams.get('carton');
  const [logWanted, setLogWanted] = useState(searchParams.get('log') === 'open');
  const initialValues = useMemo(() => {
    const status = statusesFromLink(statusParam);
    const values = { ...(status.length > 0 && { status }), ...(imeiParam && { imei: imeiParam }), ...(cartonParam && { carton: cartonParam }) };
    return Object.keys(values).length > 0 ? values : undefined;
  }, [statusParam, imeiParam, cartonParam]);
  const [logOf, setLogOf] = useState<string>();
  // Choosing a past date rewrites the link too; that is not another link asking for a device's log.
  const linkParams = new URLSearchParams(searchParams);
  linkParams.delete(AS_OF_PARAM);
  const linkKey = linkParams.toString();
  const [openedFor, setOpenedFor] = useState(linkKey);
  if (openedFor !== linkKey) {
    // Another link (a new search in the header): its own log request.
    setOpenedFor(linkKey);
    setLogWanted(searchParams.get('log') === 'open');
  }
  const columns = useMemo(() => detailedColumns(setLogOf), []);
  const printsLabels = can.printLabels(roles);
  const [picked, setPicked] = useState<string[]>([]);

  return (
    <>
      <ReportPage<DetailedDeviceRow>
        // Another link (a dashboard card's statuses, the header's IMEI or carton) opens the report afresh.
        key={`${statusParam ?? ''}|${imeiParam ?? ''}|${cartonParam ?? ''}`}
        title="Inventory Detailed Report"
        list={list}
        exportRoute={exportRoute}
        rowKey="imei"
        identifyingColumn="imei"
        columns={columns}
        initialValues={initialValues}
        toRequest={reportRequest}
        fixedQuery={asOf.fixedQuery}
        summary={asOf.control ? () => asOf.control : undefined}
        selection={printsLabels ? { remember: 'across-pages', onChange: (keys) => setPicked(keys.map(String)) } : undefined}
        actions={
          printsLabels && (
            <PrintLabelsButton kind="device" items={picked} emptyReason="Tick the devices to label.">
              {picked.length > 0 ? `Print labels (${picked.length})` : 'Print labels'}
            </PrintLabelsButton>
          )
        }
        onAnswer={(answer) => {
          if (!logWanted) return;
          setLogWanted(false);
          const [only, ...others] = answer.items.data;
          if (only && others.length === 0) setLogOf(only.imei);
        }}
        filters={
          <>
            <Form.Item name="keyword">
              <Input placeholder="Search" allowClear />
            </Form.Item>
            {can.seeRetailers(roles) && <RetailerFilter />}
            {can.chooseIboMarket(roles) && <IboMarketFilter />}
            {can.chooseOffice(roles) && <OfficeFilter />}
            <AgentFilter />
            <DateRangeFilter startPlaceholder="Allocation From" endPlaceholder="Allocation To" />
            <DateRangeFilter startName="activation_date_range_start" endName="activation_date_range_end" rule={DATE_RULES.activation} startPlaceholder="Activation From" endPlaceholder="Activation To" />
            <Form.Item name="order_id">
              <Input placeholder="Order ID" allowClear />
            </Form.Item>
            <Form.Item name="enroll_id">
              <Input placeholder="Enrollment ID" allowClear />
            </Form.Item>
            <Form.Item name="carton">
              <Input placeholder="Carton" allowClear />
            </Form.Item>
            <Form.Item name="imei">
              <Input placeholder="IMEI" allowClear />
            </Form.Item>
            <Form.Item name="device_type">
              <Select aria-label="Device Type" placeholder="Device Type" allowClear style={{ width: 170 }} options={DEVICE_TYPES} />
            </Form.Item>
            <Form.Item name="rma_order_id">
              <Input placeholder="RMA Order" allowClear />
            </Form.Item>
            <Form.Item name="status" style={{ width: '100%' }}>
              <StatusGroups />
            </Form.Item>
          </>
        }
      />
      <DeviceLogDrawer imei={logOf} onClose={() => setLogOf(undefined)} />
    </>
  );
}
