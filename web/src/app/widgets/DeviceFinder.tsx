import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Tooltip } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** The screen a found device opens on: the detailed report, filtered to the IMEI, its device log open. */
export const DEVICE_FINDER_SCREEN = '/InventoryDetailedReport';

/** What the finder takes: the digits of an IMEI (or a SIM's ICCID, up to 20), whole or its end (at least 4). */
export const IMEI_PART = /^\d{4,20}$/;

/** The link that finds a device: the report filtered to IMEIs containing the digits, and `log=open` to open the log of the one match. */
export const deviceFinderLink = (digits: string) => `${DEVICE_FINDER_SCREEN}?${new URLSearchParams({ imei: digits, log: 'open' }).toString()}`;

/**
 * The header's "find a device" box: an IMEI, or the end of one, opens the detailed report on the
 * devices whose IMEI holds those digits, with the device log open when exactly one matches (the
 * question a manager or auditor asks most: where has this device been?).
 */
export default function DeviceFinder({ width = 220 }: { width?: number }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [problem, setProblem] = useState<string>();
  return (
    <Tooltip open={problem !== undefined} title={problem} placement="bottom">
    <Input.Search
      aria-label="Find a device by IMEI"
      placeholder="Find IMEI"
      // Named apart from the screens' own Search buttons.
      enterButton={<Button icon={<SearchOutlined />} aria-label="Find device" />}
      allowClear
      style={{ width }}
      status={problem ? 'error' : undefined}
      onChange={() => setProblem(undefined)}
      onSearch={(typed, _event, info) => {
        if (info?.source === 'clear') return;
        const digits = typed.replace(/\s/g, '');
        if (!IMEI_PART.test(digits)) {
          setProblem('Type an IMEI, or at least its last 4 digits');
          return;
        }
        navigate(deviceFinderLink(digits), { state: { cameFrom: `${location.pathname}${location.search}` } });
      }}
    />
    </Tooltip>
  );
}
