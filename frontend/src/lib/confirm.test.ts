import { describe, expect, it } from 'vitest';
import { confirm, confirmStore } from './confirm';

describe('confirm service', () => {
  it('resolves true on accept and hides the dialog', async () => {
    const answer = confirm({ message: 'Xóa?' });
    expect(confirmStore.getSnapshot()).toMatchObject({ message: 'Xóa?' });
    confirmStore.settle(true);
    await expect(answer).resolves.toBe(true);
    expect(confirmStore.getSnapshot()).toBeNull();
  });

  it('resolves false on reject, and a newer request rejects the open one', async () => {
    const first = confirm({ message: 'A' });
    const second = confirm({ message: 'B' });
    await expect(first).resolves.toBe(false);
    expect(confirmStore.getSnapshot()).toMatchObject({ message: 'B' });
    confirmStore.settle(false);
    await expect(second).resolves.toBe(false);
  });
});
