import { describe, expect, it, vi } from 'vitest';
import { createOrUpdate } from './create-or-update';

function mutation() {
  return {
    mutate: vi.fn((_vars: unknown, cb: { onSuccess: (r: string) => void }) =>
      cb.onSuccess('saved'),
    ),
  };
}

describe('createOrUpdate', () => {
  it('creates without an id and updates with one', () => {
    const create = mutation();
    const update = mutation();
    const onSaved = vi.fn();
    createOrUpdate({
      id: undefined,
      payload: { name: 'a' },
      create,
      update,
      onSaved,
      onError: vi.fn(),
    });
    expect(create.mutate).toHaveBeenCalledWith({ name: 'a' }, expect.anything());
    expect(onSaved).toHaveBeenLastCalledWith('saved', true);

    createOrUpdate({ id: 'x1', payload: { name: 'b' }, create, update, onSaved, onError: vi.fn() });
    expect(update.mutate).toHaveBeenCalledWith({ id: 'x1', name: 'b' }, expect.anything());
    expect(onSaved).toHaveBeenLastCalledWith('saved', false);
  });
});
