import { Drawer, Table } from 'antd';
import { shownDeviceType } from '../../app/format';
import ImeiLink from '../../app/widgets/ImeiLink';
import DeviceImageAction from './DeviceImageAction';

export interface ListedDevice {
  readonly imei: string;
  readonly device_type?: string;
}

export interface ImeiListDrawerProps {
  /** The devices to list; the drawer is open while there are any to show. */
  devices: readonly ListedDevice[] | undefined;
  onClose: () => void;
  /** What the devices belong to, under the title (a carton, an agent's transfer). */
  subtitle?: string;
}

/** The side panel titled 'IMEI List' (doc 1 §2.7, §2.9): the IMEIs of a carton or a transfer, each with its "Device image" (issue 42). */
export default function ImeiListDrawer({ devices, onClose, subtitle }: ImeiListDrawerProps) {
  const withType = devices?.some((device) => device.device_type !== undefined) ?? false;
  return (
    <Drawer title="IMEI List" open={devices !== undefined} onClose={onClose} size={420} destroyOnHidden>
      {subtitle && <p>{subtitle}</p>}
      <Table<ListedDevice>
        rowKey="imei"
        size="small"
        dataSource={devices ? [...devices] : []}
        pagination={{ pageSize: 10, showSizeChanger: false, showTotal: (total) => `${total} in all` }}
        columns={[
          { title: 'IMEI', dataIndex: 'imei', key: 'imei', render: (imei: string) => <ImeiLink imei={imei} /> },
          ...(withType ? [{ title: 'Device Type', dataIndex: 'device_type', key: 'device_type', render: shownDeviceType }] : []),
          { title: 'Action', key: 'action', render: (_value, device) => <DeviceImageAction imei={device.imei} /> },
        ]}
      />
    </Drawer>
  );
}
