import type { ColumnType } from 'antd/es/table/interface';
import { officeLabel, shownDate, shownDeviceType, shownText } from '../../app/format';
import ImeiLink from '../../app/widgets/ImeiLink';

/**
 * The column titles of the Detailed and Agent Sales reports (doc 2 §2), by the row field each
 * shows and sorts on (contracts' DETAILED_SALES_SORT_KEYS and AGENT_SALES_SORT_KEYS), and how a
 * cell of each shows: dates MM-DD-YYYY, the device type by its one name, the office with its number.
 */
export const SALES_COLUMN_TITLES = {
  ibo_name: 'IBO Name',
  allocated_office_name: 'Allocated Office',
  office_name: 'Office',
  agent_name: 'Agent',
  enroll_id: 'Enrollment ID',
  excess_code: 'ETC Code',
  imei: 'IMEI',
  pallet: 'Pallet',
  carton: 'Carton',
  enroll_type: 'Enrollment Type',
  esn: 'ESN',
  order_date: 'Order Date',
  activation_date: 'Activation Date',
  allocation_date: 'Allocation Date',
  received_date: 'Received Date',
  plan_name: 'Plan Name',
  device_type: 'Device Type',
  subscriber_state: 'Subscriber State',
  subscriber_zip: 'Subscriber Zip',
} as const;

export type SalesColumnKey = keyof typeof SALES_COLUMN_TITLES;

const DATES: readonly SalesColumnKey[] = ['order_date', 'activation_date', 'allocation_date', 'received_date'];

/** One server-sorted column of a sales report: its title (or the screen's own), and its cell. */
export function salesColumn<Row extends object>(key: SalesColumnKey, title: string = SALES_COLUMN_TITLES[key]): ColumnType<Row> {
  return {
    title,
    key,
    dataIndex: key,
    sorter: true,
    render: DATES.includes(key)
      ? (date: string | null) => shownDate(date)
      : key === 'device_type'
        ? shownDeviceType
        : key === 'office_name'
          ? (_name: string | null, row: Row) => officeLabel(row as { office_name?: string | null; office_number?: string | null })
          : key === 'imei'
            ? (imei: string | null) => <ImeiLink imei={imei} />
            : shownText,
  };
}
