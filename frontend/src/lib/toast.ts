import { TOAST_LIFE_MS } from '@/config/constants';
import { strings } from '@/i18n/vi-shop';

/**
 * The toast service: a small module-level store. The root shell's ToastContainer
 * attaches itself; until then nothing can be shown (the spec's "not initialised" case).
 */
export type ToastSeverity = 'error' | 'warn' | 'success' | 'info';

export interface ToastOptions {
  severity?: ToastSeverity;
  title?: string;
  message: string;
  /** Life in milliseconds; defaults by severity. */
  life?: number;
  /** A toast with a key replaces any shown toast with the same key (one 'copied' toast, not a stack). */
  key?: string;
}

export interface Toast {
  id: number;
  severity: ToastSeverity;
  title: string;
  message: string;
  life: number;
  key?: string;
}

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
let hosts = 0;
const listeners = new Set<Listener>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export const toastStore = {
  // Arrow functions: React calls these detached from the store.
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): readonly Toast[] => toasts,
  /** Called by the container on mount; the returned function detaches it. */
  attach(): () => void {
    hosts += 1;
    let attached = true;
    return () => {
      if (!attached) return;
      attached = false;
      hosts -= 1;
      if (hosts === 0) emit([]);
    };
  },
  isInitialised(): boolean {
    return hosts > 0;
  },
  remove(id: number): void {
    if (toasts.some((toast) => toast.id === id)) emit(toasts.filter((toast) => toast.id !== id));
  },
  clear(): void {
    emit([]);
  },
};

/** Shows a toast. Returns its id, or null when no container is attached. */
export function showToast(options: ToastOptions): number | null {
  if (!toastStore.isInitialised()) {
    console.warn(strings.toast.notInitialised);
    return null;
  }
  const severity = options.severity ?? 'info';
  const toast: Toast = {
    id: nextId++,
    severity,
    title: options.title ?? strings.toast.titles[severity],
    message: options.message,
    life: options.life ?? TOAST_LIFE_MS[severity],
    key: options.key,
  };
  const others =
    options.key === undefined ? toasts : toasts.filter((shown) => shown.key !== options.key);
  emit([...others, toast]);
  return toast.id;
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error.trim() ? error : strings.toast.fallbackError;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message?: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  }
  return strings.toast.fallbackError;
}

/**
 * The spec's generic error helper: a string or an object with a message; the fallback
 * message when it is missing; title 'Lỗi' by default; always logged to the console.
 */
export function showError(
  error: unknown,
  title: string = strings.toast.titles.error,
  life?: number,
): number | null {
  console.error(error);
  return showToast({ severity: 'error', title, message: messageOf(error), life });
}

export function showSuccess(message: string, title?: string, life?: number): number | null {
  return showToast({ severity: 'success', title, message, life });
}
