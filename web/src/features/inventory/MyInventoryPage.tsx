import type { CartonRow } from '@portal/contracts/inventory/inventory.views';
import { EyeOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { route } from '../../app/api-client';
import ReportPage from '../../app/report/ReportPage';
import ImeiListDrawer from './ImeiListDrawer';
import { shownDeviceType } from '../../app/format';

/** My Inventory (Inventory, doc 1 §2.9): the manager's cartons; the view action opens the IMEI List panel. */
export default function MyInventoryPage() {
  const [viewing, setViewing] = useState<CartonRow>();
  const columns: ColumnsType<CartonRow> = [
    { title: 'Carton Number', dataIndex: 'carton_number', key: 'carton_number' },
    { title: 'Device Count', dataIndex: 'imei_count', key: 'imei_count' },
    { title: 'Device Type', dataIndex: 'device_type', key: 'device_type', render: shownDeviceType },
    { title: 'Office Name', dataIndex: 'office_name', key: 'office_name' },
    {
      title: 'Action',
      key: 'action',
      render: (_value, carton) => <Button size="small" icon={<EyeOutlined />} aria-label={`View IMEIs of ${carton.carton_number}`} onClick={() => setViewing(carton)} />,
    },
  ];
  return (
    <>
      <ReportPage<CartonRow>
        title="My Inventory"
        list={route('GET', '/api/v1/manager/managerinventorylist_optimisation')}
        exportRoute={route('GET', '/api/v1/manager/manager_inventory_list_export')}
        rowKey="carton_number"
        columns={columns}
        filters={
          <Form.Item name="keyword">
            <Input placeholder="Search by carton number or office name" allowClear style={{ width: 300 }} />
          </Form.Item>
        }
      />
      <ImeiListDrawer devices={viewing?.imei_device} subtitle={viewing && `Carton ${viewing.carton_number}`} onClose={() => setViewing(undefined)} />
    </>
  );
}
