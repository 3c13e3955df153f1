import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { DATE_FORMAT, DATE_RULES, type DateRangeRule, disabledDates, formatDate, isRangeAllowed, parseDate } from './date-rules';

export interface DateRangeFilterProps {
  /** The query parameter of the start date (doc 1 §7: `date_range_start`; the sales reports say `start_date`). */
  startName?: string;
  /** The query parameter of the end date. */
  endName?: string;
  /** Default: no future dates. `DATE_RULES.legacy`, `DATE_RULES.activation`, `DATE_RULES.sales` for the other pickers. */
  rule?: DateRangeRule;
  /** The day the rule's "today" is (YYYY-MM-DD, e.g. the business's today the server gave); default the browser's. */
  today?: string;
  startPlaceholder?: string;
  endPlaceholder?: string;
}

/** The form holds the dates as the API takes them (MM-DD-YYYY text); the pickers show them as days. */
const asPickerValue = (value: unknown) => ({ value: typeof value === 'string' ? (parseDate(value) ?? null) : null });
const asFormValue = (day: Dayjs | null | undefined) => (day ? formatDate(day) : undefined);

/**
 * Two date pickers for a report filter (inside ReportPage `filters`): MM-DD-YYYY, no future
 * dates, and the rule's range limits. Their values are query parameters in MM-DD-YYYY. When a new
 * start makes the chosen end invalid (or a rule that needs a start loses it), the end is cleared.
 */
export default function DateRangeFilter({ startName = 'date_range_start', endName = 'date_range_end', rule = DATE_RULES.noFuture, today, startPlaceholder = 'Start Date', endPlaceholder = 'End Date' }: DateRangeFilterProps) {
  const form = Form.useFormInstance();
  const startText = Form.useWatch(startName, form) as string | undefined;
  const endText = Form.useWatch(endName, form) as string | undefined;
  const start = useMemo(() => parseDate(startText), [startText]);
  const todayOf = useMemo(() => () => (today ? dayjs(today) : dayjs()), [today]);
  const disabled = disabledDates(rule, start, todayOf);
  const needsStart = rule.endNeedsStart === true && !start;

  useEffect(() => {
    const end = parseDate(endText);
    if (end && !isRangeAllowed(start, end, rule, todayOf())) form.setFieldValue(endName, undefined);
  }, [start, endText, rule, form, endName, todayOf]);

  return (
    <>
      <Form.Item name={startName} getValueProps={asPickerValue} normalize={asFormValue}>
        <DatePicker format={DATE_FORMAT} placeholder={startPlaceholder} disabledDate={disabled.start} defaultPickerValue={today ? dayjs(today) : undefined} />
      </Form.Item>
      <Form.Item name={endName} getValueProps={asPickerValue} normalize={asFormValue}>
        <DatePicker format={DATE_FORMAT} placeholder={endPlaceholder} disabled={needsStart} disabledDate={disabled.end} defaultPickerValue={start} />
      </Form.Item>
    </>
  );
}
