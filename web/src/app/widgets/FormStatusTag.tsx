import { FORM_STATUS, type FormStatus, formStatusName } from '@portal/contracts/documents/documents.codes';
import { Tag } from 'antd';

/** A form status's chip colour: waiting on the unit (blue), waiting on review (gold), refused (red), done (green). */
const COLOURS: Record<FormStatus, string> = {
  [FORM_STATUS.IN_PROGRESS]: 'processing',
  [FORM_STATUS.COMPLETED]: 'gold',
  [FORM_STATUS.REJECTED]: 'error',
  [FORM_STATUS.ACCEPTED]: 'success',
};

/** A unit form's status as one chip on every screen that shows it (the unit lists, Documents, the form page). */
export default function FormStatusTag({ status, title }: { status: FormStatus; title?: string }) {
  return (
    <Tag color={COLOURS[status]} title={title}>
      {formStatusName(status)}
    </Tag>
  );
}
