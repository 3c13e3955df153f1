import type { CartonRow } from '@portal/contracts/inventory/inventory.views';
import { outOfServiceRefusal } from '@portal/contracts/inventory/device-custody';
import type { DetailedDeviceRow } from '@portal/contracts/reports/reports.views';
import type { ApiRoute } from '@portal/contracts/platform/api-route';
import type { Listed } from '@portal/contracts/platform/page';
import { MAX_PAGE_SIZE } from '@portal/contracts/reference/reference-lists';
import { Form, Radio, Select } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { call, route } from '../../app/api-client';
import ScanInput, { type ScanResolution, looksLikeDeviceId } from '../../app/widgets/ScanInput';

/** The transfer option (doc 1 §4): 1 = IMEIs (devicestatus 1), 2 = cartons (devicestatus 0). */
export const PICK_BY = { IMEIS: 1, CARTONS: 2 } as const;
export type PickBy = (typeof PICK_BY)[keyof typeof PICK_BY];

/** The form values of the devices an Assign or Transfer drawer moves. */
export interface DevicePick {
  option?: PickBy;
  carton_number?: string[];
  imei?: string[];
}

/** What the command is sent: devicestatus, the cartons, and the IMEIs moved (every IMEI of the cartons when moving whole cartons). */
export function pickedDevices(values: DevicePick, cartons: readonly CartonRow[]): { devicestatus: 0 | 1; carton_number: string[]; imei: string[] } {
  const chosen = values.carton_number ?? [];
  if (values.option === PICK_BY.IMEIS) return { devicestatus: 1, carton_number: chosen, imei: values.imei ?? [] };
  const imei = cartons.filter((carton) => chosen.includes(carton.carton_number)).flatMap((carton) => carton.imei);
  return { devicestatus: 0, carton_number: chosen, imei };
}

/** What the Assign and Transfer drawers say of a scanned code that is not on offer (issue 27, docs/SCANNING.md). */
export const STOCK_SCAN_MESSAGES = {
  imei: (imei: string) => `IMEI ${imei} is not in this office's stock listed here: scan its carton number`,
  carton: (code: string) => `Carton ${code} is not in this office's stock`,
} as const;

const detailedReport = route('GET', '/api/v1/detailed_inventory_report');

/**
 * Why a scanned IMEI that no carton on offer holds cannot be moved, when the reason is that it is
 * out of service (in an RMA, swapped, lost): the decider's own words (contracts'
 * `outOfServiceRefusal`), read from the device's status in the detailed report (its `imei` filter
 * holds a part). Undefined otherwise, or when the report cannot say.
 */
async function outOfServiceReason(imei: string): Promise<string | undefined> {
  try {
    const answer = await call<Listed<DetailedDeviceRow>>(detailedReport, { query: { imei, page: 1, results: MAX_PAGE_SIZE } });
    const device = answer.items.data.find((row) => row.imei === imei);
    return device && outOfServiceRefusal(device.imei, device.status);
  } catch {
    return undefined;
  }
}

const unique = <Item,>(items: readonly Item[]) => [...new Set(items)];
const sameCarton = (one: CartonRow, other: CartonRow) => one.carton_number === other.carton_number && one.office_id === other.office_id;
/** One option a carton number, with its device count (a carton split between two offices of the caller is two rows). */
const cartonOptions = (cartons: readonly CartonRow[]) =>
  unique(cartons.map((carton) => carton.carton_number)).map((number) => ({
    value: number,
    label: `${number} (${cartons.filter((carton) => carton.carton_number === number).reduce((sum, carton) => sum + carton.imei_count, 0)})`,
  }));

/**
 * The cartons an Assign or Transfer drawer moves devices from: the rows selected in the table,
 * then those that scans bring in (`add`).
 */
export function useCartonsOnOffer(selected: readonly CartonRow[]) {
  const [cartons, setCartons] = useState(selected);
  const add = useCallback((found: readonly CartonRow[]) => setCartons((known) => [...known, ...found.filter((carton) => !known.some((one) => sameCarton(one, carton)))]), []);
  return [cartons, add] as const;
}

/** Where a scan looks for cartons: the table's rows on screen, and the stock list the screen calls (searched by carton number). */
export interface StockScan {
  /** The rows of the table's page on screen. */
  readonly shown: readonly CartonRow[];
  /** The screen's stock list (agentassignlist): its keyword finds a carton by number. It does not search IMEIs. */
  readonly list: ApiRoute;
  /** Cartons a scan brought in from outside `cartons`: the drawer offers them from then on (`useCartonsOnOffer`). */
  readonly onFound: (cartons: readonly CartonRow[]) => void;
  /** Codes scanned before the drawer opened (the page's scan box): taken in as if scanned here. */
  readonly incoming?: readonly string[];
}

/**
 * The option, cartons and IMEIs of the Assign and Transfer drawers (doc 1 §5): option required
 * ('Please select option'), cartons required ('Please select cartons'), and in IMEI mode the IMEIs
 * of the chosen cartons ('Please select IMEIs'). `cartons` are the rows selected in the table and
 * those scans brought in. Above them, the scan input (issue 27): a scanned carton number joins the
 * chosen cartons; a scanned IMEI picks IMEI mode and joins the IMEIs and its carton the cartons;
 * taking a scan off the list takes them out again. The fields stay the answer the form submits.
 */
export default function DevicePickFields({ cartons, scan }: { cartons: readonly CartonRow[]; scan: StockScan }) {
  const form = Form.useFormInstance<DevicePick>();
  const option = Form.useWatch('option', form);
  const chosen = Form.useWatch('carton_number', form);
  const imeis = useMemo(() => cartons.filter((carton) => (chosen ?? []).includes(carton.carton_number)).flatMap((carton) => carton.imei), [cartons, chosen]);

  // IMEIs of a carton taken out of the list are no longer on offer. Read from the form, not the
  // render: a scan sets the cartons and the IMEIs together.
  useEffect(() => {
    const now = (form.getFieldValue('carton_number') as string[] | undefined) ?? [];
    const offered = cartons.filter((carton) => now.includes(carton.carton_number)).flatMap((carton) => carton.imei);
    const picked = form.getFieldValue('imei') as string[] | undefined;
    if (picked && picked.some((imei) => !offered.includes(imei))) form.setFieldValue('imei', picked.filter((imei) => offered.includes(imei)));
  }, [imeis, cartons, form]);

  // What each scanned IMEI came with: its carton's number, and whether the IMEI itself was scanned (not its carton).
  const cartonOf = useRef(new Map<string, string>());
  const scannedAlone = useRef(new Set<string>());
  const scannedBefore = useRef<string[]>([]);
  const addedByScan = useRef(new Set<string>());

  const resolve = async (code: string): Promise<ScanResolution> => {
    const inView = [...cartons, ...scan.shown];
    let found = inView.filter((carton) => carton.carton_number === code);
    if (found.length === 0 && !looksLikeDeviceId(code)) {
      const answer = await call<Listed<CartonRow>>(scan.list, { query: { keyword: code, page: 1, results: MAX_PAGE_SIZE } });
      found = answer.items.data.filter((carton) => carton.carton_number === code);
    }
    if (found.length > 0) {
      scan.onFound(found);
      for (const carton of found) for (const imei of carton.imei) cartonOf.current.set(imei, carton.carton_number);
      return { imeis: unique(found.flatMap((carton) => carton.imei)) };
    }
    const holder = inView.find((carton) => carton.imei.includes(code));
    if (!holder && !looksLikeDeviceId(code)) return { refused: STOCK_SCAN_MESSAGES.carton(code) };
    // Scanning its carton would not help a device out of service: say that instead (issue 42).
    if (!holder) return { refused: (await outOfServiceReason(code)) ?? STOCK_SCAN_MESSAGES.imei(code) };
    scan.onFound([holder]);
    cartonOf.current.set(code, holder.carton_number);
    scannedAlone.current.add(code);
    return { imeis: [code] };
  };

  const scanned = (now: string[]) => {
    const dropped = scannedBefore.current.filter((imei) => !now.includes(imei));
    scannedBefore.current = now;
    if (now.length === 0 && dropped.length === 0) return;
    const cartonsOf = (scannedImeis: readonly string[]) => unique(scannedImeis.flatMap((imei) => cartonOf.current.get(imei) ?? []));
    const cartonsNow = cartonsOf(now);
    // A carton leaves the chosen ones with its last scan only when a scan brought it there.
    const cartonsGone = cartonsOf(dropped).filter((carton) => !cartonsNow.includes(carton) && addedByScan.current.has(carton));
    const chosenNow = (form.getFieldValue('carton_number') as string[] | undefined) ?? [];
    for (const carton of cartonsNow) if (!chosenNow.includes(carton)) addedByScan.current.add(carton);
    for (const carton of cartonsGone) addedByScan.current.delete(carton);
    const picked = (form.getFieldValue('imei') as string[] | undefined) ?? [];
    if (now.some((imei) => scannedAlone.current.has(imei))) form.setFieldValue('option', PICK_BY.IMEIS);
    else if (now.length > 0 && form.getFieldValue('option') === undefined) form.setFieldValue('option', PICK_BY.CARTONS);
    form.setFieldValue('carton_number', unique([...chosenNow.filter((carton) => !cartonsGone.includes(carton)), ...cartonsNow]));
    form.setFieldValue('imei', unique([...picked.filter((imei) => !dropped.includes(imei)), ...now]));
  };

  return (
    <>
      {/* Focused when a scan on the page opened the drawer: the scanner's next codes land here. */}
      <ScanInput label="Scan cartons or IMEIs" resolve={resolve} onChange={scanned} incoming={scan.incoming} autoFocus={scan.incoming !== undefined && scan.incoming.length > 0} />
      <Form.Item name="option" label="Option" rules={[{ required: true, message: 'Please select option' }]}>
        <Radio.Group
          options={[
            { value: PICK_BY.CARTONS, label: 'Cartons' },
            { value: PICK_BY.IMEIS, label: 'IMEIs' },
          ]}
        />
      </Form.Item>
      <Form.Item name="carton_number" label="Cartons" rules={[{ required: true, type: 'array', min: 1, message: 'Please select cartons' }]}>
        <Select mode="multiple" allowClear placeholder="Cartons" options={cartonOptions(cartons)} />
      </Form.Item>
      {option === PICK_BY.IMEIS && (
        <Form.Item name="imei" label="IMEIs" rules={[{ required: true, type: 'array', min: 1, message: 'Please select IMEIs' }]}>
          <Select mode="multiple" allowClear placeholder="IMEIs" options={imeis.map((imei) => ({ value: imei, label: imei }))} />
        </Form.Item>
      )}
    </>
  );
}
