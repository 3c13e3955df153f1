import { Form, Input } from 'antd';
import { useEffect } from 'react';
import DateRangeFilter from '../../app/report/DateRangeFilter';
import { parseDate } from '../../app/report/date-rules';

/** The ISO day (YYYY-MM-DD) of a picker's MM-DD-YYYY text. */
const isoDay = (text: unknown) => (typeof text === 'string' ? parseDate(text)?.format('YYYY-MM-DD') : undefined);

/**
 * The uploaded-date from/to filter of Receive Inventory (doc 1 §2.5): the shared DateRangeFilter
 * (MM-DD-YYYY pickers, no future dates). Its query, receiveJobsQuery, takes `date_range_start`
 * and `date_range_end` as YYYY-MM-DD, so the pickers hold `uploaded_from`/`uploaded_to` and the
 * two query parameters follow them in ISO form.
 */
export default function UploadedDateFilter() {
  const form = Form.useFormInstance();
  const from = Form.useWatch('uploaded_from', form) as unknown;
  const to = Form.useWatch('uploaded_to', form) as unknown;
  useEffect(() => form.setFieldValue('date_range_start', isoDay(from)), [from, form]);
  useEffect(() => form.setFieldValue('date_range_end', isoDay(to)), [to, form]);
  return (
    <>
      <DateRangeFilter startName="uploaded_from" endName="uploaded_to" startPlaceholder="Uploaded From" endPlaceholder="Uploaded To" />
      <Form.Item name="date_range_start" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="date_range_end" hidden>
        <Input />
      </Form.Item>
    </>
  );
}
