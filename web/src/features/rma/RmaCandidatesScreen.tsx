import type { ApiRoute } from '@portal/contracts/platform/api-route';
import type { RmaCandidateRow } from '@portal/contracts/rma/rma.views';
import { Form, Input, Select, Space, Tag } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { route } from '../../app/api-client';
import { officeOption } from '../../app/format';
import ReportPage from '../../app/report/ReportPage';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';
import ActionButton from '../../app/widgets/ActionButton';
import ScanInput from '../../app/widgets/ScanInput';
import RmaInitiationDrawer from './RmaInitiationDrawer';
import { INITIABLE_STATUS_OPTIONS, INITIATE_RMA_PAGE_SIZE, OFFICE_MIN_CHARS } from './rma-choices';
import { rmaCandidateColumns } from './rma-columns';
import { resolveRmaScan } from './rma-scan';

/** Offices in the caller's scope, by a typed term (managers and agents: the reference route both may call). */
const offices = route('GET', '/api/v1/reference/offices');

export interface RmaCandidatesScreenProps {
  /** The devices an RMA can be started for: GET manager/get_device_list_to_initiate_rma_v2 or agent/get_device_list_to_initiate_rma. */
  list: ApiRoute;
  exportRoute?: ApiRoute;
  /** POST manager/rma_device_request_v2 or agent/rma_device_request. */
  command: ApiRoute;
  /** Other lists the command changes (beside `list`). */
  alsoReload?: readonly ApiRoute[];
  /** The drawer's Apply to All (manager) and Reset (agent). */
  drawer: { applyToAll?: boolean; reset?: boolean };
  /** Shown under the title (the manager's links to the other RMA screens). */
  header?: ReactNode;
}

/**
 * Initiate RMA (manager rmainitiaterequest and agent agent-Initiaterma, doc 2 §2): office
 * (type-ahead from 3 characters), carton, IMEI and status filters (the statuses Initiate RMA
 * offers); IMEI, Office, Age (Days), status, Carton Number, 20 rows a page; row selection across
 * pages, and "Initiate RMA (n)" opening the drawer for the selected IMEIs. Success clears the
 * selection and reloads the list.
 * Scanning (issue 27): a scanned IMEI that the list offers is selected too, whatever the page and
 * filters; a carton number selects its devices the list offers; anything else is refused in words.
 * Scans are resolved by the same list route (filtered by IMEI or carton), and the scanned rows say
 * "Scanned" in the table, ticked (their checkbox fixed); taking a scan off the list drops it from
 * the selection.
 */
export default function RmaCandidatesScreen({ list, exportRoute, command, alsoReload = [], drawer, header }: RmaCandidatesScreenProps) {
  const [selected, setSelected] = useState<readonly RmaCandidateRow[]>([]);
  const [resetKey, setResetKey] = useState(0);
  const [initiating, setInitiating] = useState(false);
  const [scanned, setScanned] = useState<readonly string[]>([]);
  // What the drawer gets: the ticked rows, then the scanned devices, each once.
  const picked = [...new Set([...selected.map((device) => device.imei), ...scanned])];
  const columns = useMemo(
    () =>
      rmaCandidateColumns.map((column) =>
        column.key === 'imei'
          ? {
              ...column,
              render: (imei: string, row: RmaCandidateRow, index: number) => (
                <Space size={4}>
                  {column.render?.(imei, row, index) as ReactNode}
                  {scanned.includes(imei) && <Tag color="green">Scanned</Tag>}
                </Space>
              ),
            }
          : column,
      ),
    [scanned],
  );

  return (
    <>
      <ReportPage<RmaCandidateRow>
        title="Initiate RMA"
        list={list}
        exportRoute={exportRoute}
        rowKey="imei"
        columns={columns}
        pageSize={INITIATE_RMA_PAGE_SIZE}
        selection={{
          remember: 'across-pages',
          resetKey,
          onChange: (_keys, rows) => setSelected(rows),
          pickedElsewhere: scanned,
          pickedElsewhereNote: 'Scanned: take it off the list of scans to leave it out',
        }}
        summary={() => (
          <>
            {header}
            {/* A new key after an initiation: the scans go with the selection they made. */}
            <ScanInput key={resetKey} label="Scan devices to return" resolve={(code) => resolveRmaScan(list, code)} onChange={setScanned} />
          </>
        )}
        filters={
          <>
            <Form.Item name="office_id">
              <TypeaheadSelect aria-label="Office" route={offices} minChars={OFFICE_MIN_CHARS.initiate} toOption={officeOption} placeholder="Office" />
            </Form.Item>
            <Form.Item name="carton">
              <Input placeholder="Carton" allowClear />
            </Form.Item>
            <Form.Item name="imei">
              <Input placeholder="IMEI" allowClear inputMode="numeric" />
            </Form.Item>
            <Form.Item name="status">
              <Select aria-label="Status" placeholder="Status" allowClear style={{ width: 200 }} options={INITIABLE_STATUS_OPTIONS} />
            </Form.Item>
          </>
        }
        actions={
          <ActionButton type="primary" blockedBecause={picked.length === 0 && 'Select devices in the table, or scan them, to initiate an RMA for them.'} onClick={() => setInitiating(true)}>
            Initiate RMA{picked.length > 0 ? ` (${picked.length})` : ''}
          </ActionButton>
        }
      />
      {initiating && (
        <RmaInitiationDrawer
          imeis={picked}
          command={command}
          reload={[list, ...alsoReload]}
          applyToAll={drawer.applyToAll}
          reset={drawer.reset}
          onClose={() => setInitiating(false)}
          onInitiated={() => {
            setInitiating(false);
            setResetKey((key) => key + 1);
          }}
        />
      )}
    </>
  );
}
