import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { DATE_FORMAT, DATE_RULES, type DateRangeRule, disabledDates, formatDate, isRangeAllowed, parseDate } from './date-rules';

export interface DateRangeFilterProps {
  /** The query parameter of the start date (doc 1 §7: `date_range_start`; the sales reports say `start_date`). */
  startName?: string;
  /** The query parameter of the end date. */
  endName?: string;
  /** Default: no future dates. `DATE_RULES.legacy`, `DATE_RULES.activation` for the other pickers. */
  rule?: DateRangeRule;
  startPlaceholder?: string;
  endPlaceholder?: string;
}

/** The form holds the dates as the API takes them (MM-DD-YYYY text); the pickers show them as days. */
const asPickerValue = (value: unknown) => ({ value: typeof value === 'string' ? (parseDate(value) ?? null) : null });
const asFormValue = (day: Dayjs | null | undefined) => (day ? formatDate(day) : undefined);

/**
 * Two date pickers for a report filter (inside ReportPage `filters`): MM-DD-YYYY, no future
 * dates, and the rule's range limits. Their values are query parameters in MM-DD-YYYY. When a new
 * start makes the chosen end invalid, the end is cleared.
 */
export default function DateRangeFilter({ startName = 'date_range_start', endName = 'date_range_end', rule = DATE_RULES.noFuture, startPlaceholder = 'Start Date', endPlaceholder = 'End Date' }: DateRangeFilterProps) {
  const form = Form.useFormInstance();
  const startText = Form.useWatch(startName, form) as string | undefined;
  const endText = Form.useWatch(endName, form) as string | undefined;
  const start = useMemo(() => parseDate(startText), [startText]);
  const disabled = disabledDates(rule, start);

  useEffect(() => {
    const end = parseDate(endText);
    if (end && !isRangeAllowed(start, end, rule)) form.setFieldValue(endName, undefined);
  }, [start, endText, rule, form, endName]);

  return (
    <>
      <Form.Item name={startName} getValueProps={asPickerValue} normalize={asFormValue}>
        <DatePicker format={DATE_FORMAT} placeholder={startPlaceholder} disabledDate={disabled.start} />
      </Form.Item>
      <Form.Item name={endName} getValueProps={asPickerValue} normalize={asFormValue}>
        <DatePicker
          format={DATE_FORMAT}
          placeholder={endPlaceholder}
          disabled={rule.endNeedsStart === true && !start}
          disabledDate={disabled.end}
          defaultPickerValue={start}
        />
      </Form.Item>
    </>
  );
}
