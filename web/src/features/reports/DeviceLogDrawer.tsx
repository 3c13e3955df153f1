import type { DeviceLogRow } from '@portal/contracts/inventory/inventory.views';
import { HistoryOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Table, Typography } from 'antd';
import { call, queryKey, route } from '../../app/api-client';
import { useSession } from '../../app/session-context';
import ImeiLink, { DeviceTimelineLink, canOpenDeviceTimeline } from '../../app/widgets/ImeiLink';
import PrintLabelsButton from '../../app/widgets/PrintLabelsButton';
import { shownTime } from './report-query';

const deviceLog = route('GET', '/api/v1/device_log/:id');

/**
 * The device-log drawer of the detailed report (doc 1 §2.11): IMEI, description, created time,
 * oldest first; for the roles that may open it, a link to the device's full timeline (issue 23);
 * for the managers, its label to print (issue 27).
 */
export default function DeviceLogDrawer({ imei, onClose }: { imei: string | undefined; onClose: () => void }) {
  const timeline = canOpenDeviceTimeline(useSession().user?.role_id ?? []);
  const options = { params: { id: imei ?? '' } };
  const answer = useQuery({
    queryKey: queryKey(deviceLog, options),
    queryFn: () => call<{ items: DeviceLogRow[] }>(deviceLog, options),
    enabled: imei !== undefined,
  });
  const rows = (answer.data?.items ?? []).map((row, index) => ({ ...row, key: index }));
  return (
    <Drawer
      open={imei !== undefined}
      title={`Device Log${imei ? `: ${imei}` : ''}`}
      size="large"
      onClose={onClose}
      destroyOnHidden
      extra={
        imei && (
          <PrintLabelsButton kind="device" items={[imei]}>
            Print label
          </PrintLabelsButton>
        )
      }
    >
      {imei && timeline && (
        <Typography.Paragraph>
          <DeviceTimelineLink imei={imei}>
            <HistoryOutlined aria-hidden /> Open the device timeline
          </DeviceTimelineLink>
        </Typography.Paragraph>
      )}
      {answer.isError && <Typography.Text type="danger">{answer.error.message}</Typography.Text>}
      <Table
        size="small"
        loading={answer.isFetching}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: 'IMEI', dataIndex: 'imei', key: 'imei', render: (device: string) => <ImeiLink imei={device} /> },
          { title: 'Description', dataIndex: 'short_description', key: 'short_description' },
          { title: 'Created Time', dataIndex: 'created_at', key: 'created_at', render: shownTime },
        ]}
      />
    </Drawer>
  );
}
