import { Form, Typography } from 'antd';
import { salesReportEarliest } from '@portal/contracts/sales/sales.periods';
import { shownDate } from '../format';
import { useBusinessToday } from './business-today';
import { DATE_RULES } from './date-rules';
import DateRangeFilter from './DateRangeFilter';

/**
 * The activation date range of the Detailed and Agent Sales reports (doc 2 §5, §9): `start_date`
 * and `end_date` in MM-DD-YYYY, each within the last 31 days up to the business's today (earlier
 * and future days disabled), the end disabled until a start is chosen and never before it. Without
 * dates the server reads the whole window, which the hint beside the pickers says.
 */
export default function SalesDateRangeFilter({ startPlaceholder = 'Activation From', endPlaceholder = 'Activation To' }: { startPlaceholder?: string; endPlaceholder?: string }) {
  const today = useBusinessToday();
  const start = Form.useWatch('start_date') as string | undefined;
  const end = Form.useWatch('end_date') as string | undefined;
  return (
    <>
      <DateRangeFilter startName="start_date" endName="end_date" rule={DATE_RULES.sales} today={today} startPlaceholder={startPlaceholder} endPlaceholder={endPlaceholder} />
      {!start && !end && (
        <Form.Item>
          <Typography.Text type="secondary" data-testid="sales-range-hint">
            Activations of {shownDate(salesReportEarliest(today))} to {shownDate(today)}
          </Typography.Text>
        </Form.Item>
      )}
    </>
  );
}
