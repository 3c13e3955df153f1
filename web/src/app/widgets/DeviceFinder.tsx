import { CameraOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import CameraScanner from './CameraScanner';
import { normalizeScan } from './ScanInput';

/** The screen a found device opens on: the detailed report, filtered to the IMEI, its device log open. */
export const DEVICE_FINDER_SCREEN = '/InventoryDetailedReport';

/** What the finder takes: the digits of an IMEI (or a SIM's ICCID, up to 20), whole or its end (at least 4). */
export const IMEI_PART = /^\d{4,20}$/;

/** A carton number as labels print it and the reports filter it: printable characters, no spaces, at most 60 (contracts' carton lists). */
export const CARTON_NUMBER = /^[\x21-\x7e]{1,60}$/;

/** The link that finds a device: the report filtered to IMEIs containing the digits, and `log=open` to open the log of the one match. */
export const deviceFinderLink = (digits: string) => `${DEVICE_FINDER_SCREEN}?${new URLSearchParams({ imei: digits, log: 'open' }).toString()}`;

/** The link that opens a carton: the report filtered to the devices of that carton number. */
export const cartonFinderLink = (carton: string) => `${DEVICE_FINDER_SCREEN}?${new URLSearchParams({ carton }).toString()}`;

/**
 * Where a typed or scanned code leads: digits (4 to 20) are an IMEI or its end, anything else
 * printable a carton number (a carton label's Code 128 or QR); undefined when it is neither.
 */
export function finderLink(typed: string): string | undefined {
  const code = normalizeScan(typed);
  if (IMEI_PART.test(code)) return deviceFinderLink(code);
  if (/^\d{0,3}$/.test(code) || !CARTON_NUMBER.test(code)) return undefined;
  return cartonFinderLink(code);
}

/**
 * The header's "find a device" box: an IMEI, or the end of one, opens the detailed report on the
 * devices whose IMEI holds those digits, with the device log open when exactly one matches (the
 * question a manager or auditor asks most: where has this device been?). A carton number opens
 * the report on that carton's devices. A USB scanner works here too: a scanned label types its
 * code and Enter (docs/SCANNING.md); the camera button reads a label with the phone's camera and
 * opens the first code that is an IMEI or a carton number.
 */
export default function DeviceFinder({ width = 220 }: { width?: number }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [problem, setProblem] = useState<string>();
  const [camera, setCamera] = useState(false);
  const [cameraNote, setCameraNote] = useState<string>();
  const open = (link: string) => navigate(link, { state: { cameFrom: `${location.pathname}${location.search}` } });
  return (
    <>
      <Space.Compact style={{ width, flexShrink: 1, minWidth: 0 }}>
        <Tooltip open={problem !== undefined} title={problem} placement="bottom">
          <Input.Search
            aria-label="Find a device by IMEI or carton"
            placeholder="Find IMEI or carton"
            // Named apart from the screens' own Search buttons.
            enterButton={<Button icon={<SearchOutlined />} aria-label="Find device" />}
            allowClear
            status={problem ? 'error' : undefined}
            onChange={() => setProblem(undefined)}
            onSearch={(typed, _event, info) => {
              if (info?.source === 'clear') return;
              const link = finderLink(typed);
              if (!link) {
                setProblem('Type or scan an IMEI (at least its last 4 digits) or a carton number');
                return;
              }
              open(link);
            }}
          />
        </Tooltip>
        <Button
          icon={<CameraOutlined />}
          aria-label="Find a device with the camera"
          onClick={() => {
            setProblem(undefined);
            setCameraNote(undefined);
            setCamera(true);
          }}
        />
      </Space.Compact>
      {camera && (
        <CameraScanner
          note={cameraNote}
          onClose={() => setCamera(false)}
          onCode={(code) => {
            const link = finderLink(code);
            if (!link) {
              setCameraNote(`${normalizeScan(code).slice(0, 40) || 'That code'} is neither an IMEI nor a carton number: scan a device's or a carton's label`);
              return;
            }
            setCamera(false);
            open(link);
          }}
        />
      )}
    </>
  );
}
