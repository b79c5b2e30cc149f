import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/lib/toast';
import { copiedMessage, CopyButton, CopyIconButton } from './copy-button';

vi.mock('@/lib/clipboard', () => ({ copyText: vi.fn(() => Promise.resolve(true)) }));

let detach: (() => void) | null = null;
afterEach(() => {
  detach?.();
  detach = null;
  toastStore.clear();
});

describe('copy buttons', () => {
  it('say what was copied', () => {
    expect(copiedMessage('Sao chép số tài khoản')).toBe('Đã sao chép số tài khoản');
    expect(copiedMessage('Sao chép')).toBe('Đã sao chép vào bộ nhớ tạm');
    expect(copiedMessage(undefined)).toBe('Đã sao chép vào bộ nhớ tạm');
  });

  it('show one copy toast at a time, the latest, and a check mark on the button', async () => {
    detach = toastStore.attach();
    const user = userEvent.setup();
    render(
      <>
        <CopyIconButton text="0011001234567" label="Sao chép số tài khoản" testId="account" />
        <CopyButton text="DH7K2M9QXA" label="Sao chép nội dung chuyển khoản" testId="memo" />
      </>,
    );
    await user.click(screen.getByTestId('account'));
    expect(toastStore.getSnapshot().map((toast) => toast.message)).toEqual([
      'Đã sao chép số tài khoản',
    ]);
    expect(screen.getByTestId('account')).toHaveAttribute('data-copied', 'true');
    await user.click(screen.getByTestId('memo'));
    await act(() => Promise.resolve());
    expect(toastStore.getSnapshot().map((toast) => toast.message)).toEqual([
      'Đã sao chép nội dung chuyển khoản',
    ]);
    expect(screen.getByTestId('memo')).toHaveAttribute('data-copied', 'true');
  });
});
