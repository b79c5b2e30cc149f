import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SearchField } from './filter-bar';

/** A parent whose state, like the URL's, takes the box's changes a moment later. */
function LaggingParent({ external }: { external?: string }) {
  const [value, setValue] = useState('');
  useEffect(() => {
    if (external !== undefined) setValue(external);
  }, [external]);
  return (
    <SearchField
      label="Tìm kiếm"
      placeholder=""
      value={value}
      onChange={(next) => window.setTimeout(() => setValue(next), 30)}
      testId="search"
    />
  );
}

describe('SearchField', () => {
  it('keeps every typed letter while the state it reports to lags behind', async () => {
    render(<LaggingParent />);
    await userEvent.setup({ delay: null }).type(screen.getByTestId('search'), 'steam wallet');
    await act(() => new Promise((resolve) => window.setTimeout(resolve, 100)));
    expect(screen.getByTestId('search')).toHaveValue('steam wallet');
  });

  it('shows a value changed from outside (a link, Back)', async () => {
    const { rerender } = render(<LaggingParent />);
    rerender(<LaggingParent external="garena" />);
    expect(await screen.findByDisplayValue('garena')).toBe(screen.getByTestId('search'));
  });
});
