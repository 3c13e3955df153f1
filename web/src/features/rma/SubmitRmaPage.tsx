import type { RmaDeviceRow } from '@portal/contracts/rma/rma.views';
import { Alert } from 'antd';
import { useState } from 'react';
import { route } from '../../app/api-client';
import ReportPage from '../../app/report/ReportPage';
import ActionButton from '../../app/widgets/ActionButton';
import SubmitRmaDrawer from './SubmitRmaDrawer';
import { OFFICE_MIN_CHARS, RMA_ORDER_MESSAGES } from './rma-choices';
import { submitRmaColumns } from './rma-columns';
import RmaDeviceFilters from './rma-filters';

const list = route('GET', '/api/v1/manager/get_rma_devices_to_submit');
const submitOrder = route('POST', '/api/v1/manager/submit_rma_order');
/** A new order shows on RMA Status, and its devices carry its number on the RMA device Status report. */
const alsoChanged = [route('GET', '/api/v1/manager/get_rma_orders_list'), route('GET', '/api/v1/manager/rma_device_status_report')];

/**
 * Submit RMA (rmasubmitrequest, doc 2 §2, §4 "initiate, then submit"): approved RMA devices on no
 * order yet, with a keyword and an office filter (type-ahead from 2 characters), row selection,
 * and "Submit RMA (n)" opening the shipping drawer. An order holds one office's devices: a
 * selection of several offices is said so, and not sent. Success clears the selection and
 * reloads the list.
 */
export default function SubmitRmaPage() {
  const [selected, setSelected] = useState<readonly RmaDeviceRow[]>([]);
  const [resetKey, setResetKey] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const severalOffices = new Set(selected.map((device) => device.office_id)).size > 1;
  const blocked = selected.length === 0 ? RMA_ORDER_MESSAGES.nothingSelected : severalOffices && RMA_ORDER_MESSAGES.oneOffice;

  return (
    <>
      <ReportPage<RmaDeviceRow>
        title="Submit RMA"
        list={list}
        rowKey="id"
        columns={submitRmaColumns}
        selection={{ remember: 'across-pages', resetKey, onChange: (_keys, rows) => setSelected(rows) }}
        summary={severalOffices ? () => <Alert type="warning" showIcon title={RMA_ORDER_MESSAGES.oneOffice} /> : undefined}
        filters={<RmaDeviceFilters officeMinChars={OFFICE_MIN_CHARS.submit} />}
        actions={
          <ActionButton type="primary" blockedBecause={blocked} onClick={() => setSubmitting(true)}>
            Submit RMA{selected.length > 0 ? ` (${selected.length})` : ''}
          </ActionButton>
        }
      />
      {submitting && (
        <SubmitRmaDrawer
          devices={selected}
          command={submitOrder}
          reload={[list, ...alsoChanged]}
          onClose={() => setSubmitting(false)}
          onSubmitted={() => {
            setSubmitting(false);
            setResetKey((key) => key + 1);
          }}
        />
      )}
    </>
  );
}
