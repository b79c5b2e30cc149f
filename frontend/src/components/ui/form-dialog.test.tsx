import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { FormDialog } from './form-dialog';

function renderDialog(props: { pending?: boolean; saveBlockedReason?: string }) {
  renderWithProviders(
    <FormDialog
      open
      title="Tiêu đề"
      onClose={vi.fn()}
      onSubmit={vi.fn()}
      pending={props.pending ?? false}
      saveBlockedReason={props.saveBlockedReason}
    >
      nội dung
    </FormDialog>,
  );
}

describe('FormDialog', () => {
  it('offers Hủy and Lưu', () => {
    renderDialog({});
    expect(screen.getByRole('dialog', { name: 'Tiêu đề' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hủy' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Lưu' })).toBeEnabled();
  });

  it('disables Save with the reason as its title while blocked', () => {
    renderDialog({ saveBlockedReason: 'Đang tải ảnh' });
    const save = screen.getByRole('button', { name: 'Lưu' });
    expect(save).toBeDisabled();
    expect(save).toHaveAttribute('title', 'Đang tải ảnh');
  });

  it('disables Cancel while saving', () => {
    renderDialog({ pending: true });
    expect(screen.getByRole('button', { name: 'Hủy' })).toBeDisabled();
  });
});
