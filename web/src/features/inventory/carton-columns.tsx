import type { CartonRow } from '@portal/contracts/inventory/inventory.views';
import type { ColumnsType } from 'antd/es/table/interface';
import { shownDate, shownDeviceType } from '../../app/format';

/** The columns of a carton of the manager's stock (Assign Inventory, Transfer Inventory). */
export const cartonColumns: ColumnsType<CartonRow> = [
  { title: 'Carton Number', dataIndex: 'carton_number', key: 'carton_number' },
  { title: 'Device Count', dataIndex: 'imei_count', key: 'imei_count' },
  { title: 'Device Type', dataIndex: 'device_type', key: 'device_type', render: shownDeviceType },
  { title: 'Office Name', dataIndex: 'office_name', key: 'office_name' },
  { title: 'Allocation Date', dataIndex: 'allocation_date', key: 'allocation_date', render: (at: string | null) => shownDate(at) },
  { title: 'Age (Days)', dataIndex: 'device_age', key: 'device_age' },
];
