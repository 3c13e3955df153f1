import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessToday, forgetBusinessToday, rememberBusinessToday } from './business-today';
import { installBrowserStubs } from './render.test-util';
import SalesDateRangeFilter from './SalesDateRangeFilter';

beforeAll(installBrowserStubs);
beforeEach(() => {
  forgetBusinessToday();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 15, 14, 30)); // 03-15-2025 in the browser
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  forgetBusinessToday();
});

function Harness({ initial = {} }: { initial?: Record<string, string> }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={initial}>
      <SalesDateRangeFilter />
      <Form.Item shouldUpdate noStyle>
        {() => <output data-testid="values">{JSON.stringify(form.getFieldsValue())}</output>}
      </Form.Item>
    </Form>
  );
}

const values = () => JSON.parse(screen.getByTestId('values').textContent!) as Record<string, string | undefined>;
const input = (placeholder: string) => screen.getByPlaceholderText<HTMLInputElement>(placeholder);

async function open(placeholder: string) {
  await act(async () => {
    fireEvent.mouseDown(input(placeholder));
    fireEvent.focus(input(placeholder));
    fireEvent.click(input(placeholder));
  });
}

/** The panel opened last (an earlier picker's may still be closing). */
const panel = () => [...document.querySelectorAll<HTMLElement>('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')].at(-1)!;

/** The calendar cell of a day (antd titles cells YYYY-MM-DD) in the open panel. */
function cell(isoDay: string): HTMLElement {
  const cells = [...panel().querySelectorAll<HTMLElement>(`td[title="${isoDay}"]`)];
  expect(cells).toHaveLength(1);
  return cells[0]!;
}

async function previousMonth() {
  await act(async () => {
    fireEvent.click(panel().querySelector('.ant-picker-header-prev-btn')!);
  });
}
const disabled = (isoDay: string) => cell(isoDay).classList.contains('ant-picker-cell-disabled');

describe('the sales reports’ activation dates (doc 2 §5: the last 31 days up to today)', { timeout: 20_000 }, () => {
  it('disables days before today − 30 and after today; the end waits for a start', async () => {
    render(<Harness />);
    expect(input('Activation To').disabled).toBe(true);
    expect(screen.getByTestId('sales-range-hint')).toHaveTextContent('Activations of 02-13-2025 to 03-15-2025');
    await open('Activation From');
    expect(disabled('2025-03-15')).toBe(false); // today
    expect(disabled('2025-03-16')).toBe(true); // tomorrow
    await previousMonth();
    expect(disabled('2025-02-12')).toBe(true); // today − 31
    expect(disabled('2025-02-13')).toBe(false); // today − 30: the 31st day
  });

  it('picks a start in MM-DD-YYYY, then the end may not lie before it nor after today', async () => {
    render(<Harness />);
    await open('Activation From');
    await act(async () => {
      fireEvent.click(cell('2025-03-01'));
    });
    expect(values()).toMatchObject({ start_date: '03-01-2025' });
    expect(input('Activation From').value).toBe('03-01-2025');
    expect(input('Activation To').disabled).toBe(false);
    expect(screen.queryByTestId('sales-range-hint')).toBeNull();
    await open('Activation To');
    expect(disabled('2025-02-28')).toBe(true); // before the start
    expect(disabled('2025-03-01')).toBe(false);
    expect(disabled('2025-03-15')).toBe(false);
    expect(disabled('2025-03-16')).toBe(true);
    await act(async () => {
      fireEvent.click(cell('2025-03-10'));
    });
    expect(values()).toMatchObject({ start_date: '03-01-2025', end_date: '03-10-2025' });
  });

  it('clears the end when the start goes, since an end alone is refused', async () => {
    const { container } = render(<Harness initial={{ start_date: '03-01-2025', end_date: '03-10-2025' }} />);
    expect(input('Activation To').value).toBe('03-10-2025');
    const clear = container.querySelector<HTMLElement>('.ant-picker-clear');
    await act(async () => {
      fireEvent.mouseDown(clear!);
      fireEvent.mouseUp(clear!);
      fireEvent.click(clear!);
    });
    expect(values().start_date).toBeUndefined();
    expect(values().end_date).toBeUndefined();
    expect(input('Activation To').disabled).toBe(true);
  });

  it("ends the window on the server's today (a dashboard's as_of_date), carried on by the days the browser sees pass", async () => {
    // The business is still on the 14th while the browser's clock says the 15th.
    rememberBusinessToday('2025-03-14');
    render(<Harness />);
    await open('Activation From');
    expect(disabled('2025-03-15')).toBe(true);
    expect(disabled('2025-03-14')).toBe(false);
    await previousMonth();
    expect(disabled('2025-02-12')).toBe(false); // 14th − 30
    expect(disabled('2025-02-11')).toBe(true);
    expect(businessToday(dayjs(new Date(2025, 2, 17, 9, 0)))).toBe('2025-03-16');
  });
});
