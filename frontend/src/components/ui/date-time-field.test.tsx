import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fromDateTimeInputValue } from '@/lib/dates/datetime-input';
import { DateTimeField } from './date-time-field';

function Harness({ initial = '' }: { initial?: string }) {
  const [text, setText] = useState(initial);
  return (
    <>
      <DateTimeField label="Hết hạn" value={text} onChange={setText} testId="field" />
      <output data-testid="instant">{String(fromDateTimeInputValue(text))}</output>
    </>
  );
}

describe('DateTimeField', () => {
  it('reads 31/12/2027 23:59 as that local moment, whatever the browser language', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Hết hạn' });
    expect(field).toHaveAttribute('placeholder', 'dd/mm/yyyy HH:mm');
    await user.type(field, '31/12/2027 23:59');
    expect(field).toHaveValue('31/12/2027 23:59');
    expect(screen.getByTestId('instant')).toHaveTextContent(
      new Date(2027, 11, 31, 23, 59).toISOString(),
    );
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('flags a day that does not exist in Vietnamese', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Hết hạn' });
    await user.type(field, '31/02/2027 10:00');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('Nhập ngày giờ có thật, dạng dd/mm/yyyy HH:mm (ví dụ 31/12/2027 23:59)'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('instant')).toHaveTextContent('undefined');
  });

  it('clears to no moment at all', async () => {
    render(<Harness initial="31/12/2027 23:59" />);
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Hết hạn' });
    await user.clear(field);
    expect(field).toHaveValue('');
    expect(screen.getByTestId('instant')).toHaveTextContent('null');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('fills in the separators for digits typed alone and tidies short forms on leaving', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Hết hạn' });
    await user.type(field, '010220270905');
    expect(field).toHaveValue('01/02/2027 09:05');
    await user.clear(field);
    await user.type(field, '1/2/2027 9:05');
    await user.tab();
    expect(field).toHaveValue('01/02/2027 09:05');
  });

  it('takes a moment chosen in the calendar as dd/mm/yyyy HH:mm', () => {
    const { container } = render(<Harness initial="31/12/2027 23:59" />);
    const picker = container.querySelector<HTMLInputElement>('input[type="datetime-local"]')!;
    expect(picker).toHaveValue('2027-12-31T23:59');
    fireEvent.change(picker, { target: { value: '2028-03-05T07:30' } });
    expect(screen.getByRole('textbox', { name: 'Hết hạn' })).toHaveValue('05/03/2028 07:30');
    expect(screen.getByRole('button', { name: 'Chọn hết hạn trên lịch' })).toBeInTheDocument();
  });
});
