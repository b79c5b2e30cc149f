import { afterEach, describe, expect, it, vi } from 'vitest';
import { strings as messages } from '@/i18n/vi';
import { showError, showSuccess, showToast, toastStore } from './toast';

let detach: (() => void) | null = null;

function attach() {
  detach = toastStore.attach();
}

afterEach(() => {
  detach?.();
  detach = null;
  toastStore.clear();
});

describe('toast service', () => {
  it('shows nothing and asks for initialisation when no container is attached', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(showError('x')).toBeNull();
    expect(showToast({ message: 'y' })).toBeNull();
    expect(toastStore.getSnapshot()).toEqual([]);
    expect(warn).toHaveBeenCalledWith(messages.toast.notInitialised);
  });

  it('uses severity defaults for title and life', () => {
    attach();
    showToast({ severity: 'warn', message: 'w' });
    showToast({ severity: 'info', message: 'i' });
    showSuccess('s');
    expect(
      toastStore.getSnapshot().map(({ severity, title, life }) => ({ severity, title, life })),
    ).toEqual([
      { severity: 'warn', title: 'Cảnh báo', life: 4000 },
      { severity: 'info', title: 'Thông tin', life: 3000 },
      { severity: 'success', title: 'Thành công', life: 3000 },
    ]);
  });

  it('replaces a shown toast with the same key instead of stacking another', () => {
    attach();
    showToast({ severity: 'info', message: 'other' });
    showToast({ severity: 'success', message: 'Đã sao chép số tài khoản', key: 'copy' });
    showToast({ severity: 'success', message: 'Đã sao chép nội dung chuyển khoản', key: 'copy' });
    expect(toastStore.getSnapshot().map((toast) => toast.message)).toEqual([
      'other',
      'Đã sao chép nội dung chuyển khoản',
    ]);
  });

  it('removes a toast by id and clears everything when the container detaches', () => {
    attach();
    const id = showSuccess('a');
    showSuccess('b');
    toastStore.remove(id!);
    expect(toastStore.getSnapshot().map((t) => t.message)).toEqual(['b']);
    detach?.();
    detach = null;
    expect(toastStore.getSnapshot()).toEqual([]);
  });
});

describe('showError', () => {
  it('accepts a string, logs it and titles it Lỗi for 5 s', () => {
    attach();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    showError('Hết hàng');
    expect(log).toHaveBeenCalledWith('Hết hàng');
    expect(toastStore.getSnapshot()).toMatchObject([
      { severity: 'error', title: 'Lỗi', message: 'Hết hàng', life: 5000 },
    ]);
  });

  it('accepts an object with a message and a custom title and life', () => {
    attach();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    showError(new Error('Sai mật khẩu'), 'Đăng nhập', 3000);
    expect(toastStore.getSnapshot()).toMatchObject([
      { title: 'Đăng nhập', message: 'Sai mật khẩu', life: 3000 },
    ]);
  });

  it.each([[{}], [{ message: '' }], [{ message: 42 }], [null], [undefined], ['']])(
    'falls back to the generic message for %j',
    (input) => {
      attach();
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      showError(input);
      expect(toastStore.getSnapshot()).toMatchObject([
        { title: 'Lỗi', message: 'Đã xảy ra lỗi, vui lòng thử lại sau' },
      ]);
    },
  );
});
