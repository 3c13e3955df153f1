import { PictureOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router-dom';
import { can } from '../../app/access';
import { deviceImagePathFor } from '../../app/routes';
import { useSession } from '../../app/session-context';

/** The device image screen opened on one device: its IMEI in the query fills the form. */
export const deviceImageLink = (path: string, imei: string) => `${path}?${new URLSearchParams({ imei }).toString()}`;

/**
 * "Device image" on a device's row (issue 42): the device image screen the user may open (agent-IMEI
 * or IMEI) with the IMEI filled in, keeping where it was followed from (breadcrumbs back). Nothing
 * for a role that may not upload one.
 */
export default function DeviceImageAction({ imei }: { imei: string }) {
  const roles = useSession().user?.role_id ?? [];
  const location = useLocation();
  const path = deviceImagePathFor(roles, can.landOnAgentDashboard(roles));
  if (!path) return null;
  return (
    <Link to={deviceImageLink(path, imei)} state={{ cameFrom: `${location.pathname}${location.search}` }} aria-label={`Device image of ${imei}`} style={{ whiteSpace: 'nowrap' }}>
      <PictureOutlined /> Device image
    </Link>
  );
}
