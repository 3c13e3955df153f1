import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { canOpen, screenAt } from '../routes';
import { useSession } from '../session-context';

/** The screen an IMEI leads to: the device's timeline (issue 23). */
export const DEVICE_TIMELINE_SCREEN = '/audit/device';

/** The timeline of one device: its IMEI in the query, so the link opens the screen on it. */
export const deviceTimelineLink = (imei: string) => `${DEVICE_TIMELINE_SCREEN}?${new URLSearchParams({ imei }).toString()}`;

/** Whether these roles may open the device timeline (routes.tsx decides, as for every screen). */
export function canOpenDeviceTimeline(roles: readonly number[]): boolean {
  const screen = screenAt(DEVICE_TIMELINE_SCREEN);
  return screen !== undefined && canOpen(screen, roles);
}

/** A link into the device timeline that keeps where it was followed from (breadcrumbs back). */
export function DeviceTimelineLink({ imei, children }: { imei: string; children: ReactNode }) {
  const location = useLocation();
  return (
    <Link to={deviceTimelineLink(imei)} state={{ cameFrom: `${location.pathname}${location.search}` }}>
      {children}
    </Link>
  );
}

/**
 * An IMEI in a list or report: a link to the device's timeline for the roles that may open it
 * (the super role, retailer managers, auditors), the plain IMEI for everyone else; a dash when
 * there is none.
 */
export default function ImeiLink({ imei }: { imei: string | null | undefined }) {
  const roles = useSession().user?.role_id ?? [];
  if (!imei) return <>—</>;
  return canOpenDeviceTimeline(roles) ? <DeviceTimelineLink imei={imei}>{imei}</DeviceTimelineLink> : <>{imei}</>;
}
