import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TableFooterPagination } from './table-footer-pagination';

describe('TableFooterPagination', () => {
  it('shows 1-based pages and reports 1-based page changes', async () => {
    const onPageChange = vi.fn();
    render(
      <TableFooterPagination
        totalCount={45}
        pageIndex={2}
        pageSize={20}
        onPageChange={onPageChange}
        onPageSizeChange={vi.fn()}
      />,
    );
    expect(screen.getByText('21–40 trên 45')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /next page/i }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});
