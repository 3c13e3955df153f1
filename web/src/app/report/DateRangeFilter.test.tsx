import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATE_RULES, type DateRangeRule } from './date-rules';
import DateRangeFilter from './DateRangeFilter';
import { installBrowserStubs } from './render.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 15, 14, 30)); // 03-15-2025
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Harness({ rule, initial = {} }: { rule?: DateRangeRule; initial?: Record<string, string> }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={initial}>
      <DateRangeFilter rule={rule} />
      <Form.Item shouldUpdate noStyle>
        {() => <output data-testid="values">{JSON.stringify(form.getFieldsValue())}</output>}
      </Form.Item>
    </Form>
  );
}

async function open(placeholder: string) {
  const input = screen.getByPlaceholderText(placeholder);
  await act(async () => {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.click(input);
  });
}

/** The calendar cell of a day (antd titles cells YYYY-MM-DD) in the open panel. */
function cell(isoDay: string): HTMLElement {
  const cells = [...document.querySelectorAll<HTMLElement>(`.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${isoDay}"]`)];
  expect(cells).toHaveLength(1);
  return cells[0]!;
}
const disabled = (isoDay: string) => cell(isoDay).classList.contains('ant-picker-cell-disabled');

describe('DateRangeFilter', { timeout: 20_000 }, () => {
  it('shows MM-DD-YYYY and disables future dates', async () => {
    render(<Harness initial={{ date_range_start: '03-01-2025' }} />);
    expect((screen.getByPlaceholderText('Start Date') as HTMLInputElement).value).toBe('03-01-2025');
    await open('Start Date');
    expect(disabled('2025-03-15')).toBe(false);
    expect(disabled('2025-03-16')).toBe(true);
    expect(disabled('2025-03-02')).toBe(false);
  });

  it('keeps the form value in MM-DD-YYYY when a day is picked', async () => {
    render(<Harness />);
    await open('Start Date');
    await act(async () => {
      fireEvent.click(cell('2025-03-10'));
    });
    expect(JSON.parse(screen.getByTestId('values').textContent!)).toMatchObject({ date_range_start: '03-10-2025' });
  });

  it('legacy: the end waits for a start, then allows at most 30 days after it', async () => {
    const { unmount } = render(<Harness rule={DATE_RULES.legacy} />);
    expect((screen.getByPlaceholderText('End Date') as HTMLInputElement).disabled).toBe(true);
    unmount();

    render(<Harness rule={DATE_RULES.legacy} initial={{ date_range_start: '01-01-2025' }} />);
    expect((screen.getByPlaceholderText('End Date') as HTMLInputElement).disabled).toBe(false);
    await open('End Date');
    expect(disabled('2024-12-31')).toBe(true); // before the start
    expect(disabled('2025-01-01')).toBe(false);
    expect(disabled('2025-01-31')).toBe(false); // start + 30 days
    expect(disabled('2025-02-01')).toBe(true); // start + 31 days
  });

  it('clears an end that a new start puts out of range (here: before it)', async () => {
    render(<Harness rule={DATE_RULES.legacy} initial={{ date_range_start: '03-01-2025', date_range_end: '03-10-2025' }} />);
    await open('Start Date');
    await act(async () => {
      fireEvent.click(cell('2025-03-12'));
    });
    expect(JSON.parse(screen.getByTestId('values').textContent!)).toMatchObject({ date_range_start: '03-12-2025' });
    expect(JSON.parse(screen.getByTestId('values').textContent!).date_range_end).toBeUndefined();
  });
});
