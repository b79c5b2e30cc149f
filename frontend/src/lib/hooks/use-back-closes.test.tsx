import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useBackCloses } from './use-back-closes';

function popTo(state: unknown) {
  window.history.replaceState(state, '');
  window.dispatchEvent(new PopStateEvent('popstate', { state }));
}

describe('useBackCloses', () => {
  it('pushes an entry when opened and closes on Back', () => {
    window.history.replaceState({ key: 'home' }, '');
    const onClose = vi.fn();
    const length = window.history.length;
    renderHook(({ open }) => useBackCloses(open, onClose), { initialProps: { open: true } });
    expect(window.history.length).toBe(length + 1);
    expect(window.history.state).toMatchObject({ key: 'home', __sheetOpen: true });
    act(() => popTo({ key: 'home' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('takes its entry off when closed by a button, and calls onClose once', () => {
    window.history.replaceState({ key: 'home' }, '');
    const onClose = vi.fn();
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const { result } = renderHook(() => useBackCloses(true, onClose));
    act(() => result.current.close());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(back).toHaveBeenCalledTimes(1);
    // The pop that follows the back() closes nothing twice.
    act(() => popTo({ key: 'home' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    back.mockRestore();
  });

  it('leaves the entry to a navigation once released', () => {
    window.history.replaceState({ key: 'home' }, '');
    const onClose = vi.fn();
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const { result } = renderHook(() => useBackCloses(true, onClose));
    act(() => result.current.release());
    act(() => result.current.close());
    expect(back).not.toHaveBeenCalled();
    back.mockRestore();
  });
});
