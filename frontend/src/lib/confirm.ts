/**
 * The confirm-dialog service: `confirm(options)` resolves true on accept and false on
 * reject, close or Escape. Rendered by the root shell's ConfirmDialogContainer.
 */
export interface ConfirmOptions {
  title?: string;
  message: string;
  acceptLabel?: string;
  rejectLabel?: string;
  /** Colours the accept button as dangerous (delete and the like). */
  destructive?: boolean;
}

export interface ConfirmRequest extends ConfirmOptions {
  id: number;
}

type Listener = () => void;

let current: ConfirmRequest | null = null;
let resolveCurrent: ((accepted: boolean) => void) | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function emit(next: ConfirmRequest | null): void {
  current = next;
  listeners.forEach((listener) => listener());
}

export const confirmStore = {
  // Arrow functions: React calls these detached from the store.
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): ConfirmRequest | null => current,
  settle(accepted: boolean): void {
    const resolve = resolveCurrent;
    resolveCurrent = null;
    emit(null);
    resolve?.(accepted);
  },
};

export function confirm(options: ConfirmOptions): Promise<boolean> {
  // A new request replaces one still open: the old one counts as rejected.
  if (resolveCurrent) confirmStore.settle(false);
  return new Promise<boolean>((resolve) => {
    resolveCurrent = resolve;
    emit({ ...options, id: nextId++ });
  });
}
