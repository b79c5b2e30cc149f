import { useEffect, useMemo, useState } from 'react';
import { splitTable, type SplitTable } from '../utils/card-table';
import type { SplitRequest, SplitResponse } from '../utils/card-table.worker';

/** Below this the text is split at once on the main thread (a paste of a few hundred cards). */
const WORKER_MIN_CHARS = 100_000;

let worker: Worker | null = null;
let nextId = 0;

function sharedWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  worker ??= new Worker(new URL('../utils/card-table.worker.ts', import.meta.url), {
    type: 'module',
  });
  return worker;
}

export interface SplitState {
  table: SplitTable | null;
  /** A large text is being split in the worker. */
  pending: boolean;
}

/**
 * The rows and cells of a pasted text or a file, split in a Web Worker when the text is
 * large, so that typing and the dialog stay smooth; the latest text wins.
 */
export function useSplitTable(text: string, kind: 'csv' | 'text'): SplitState {
  const small = text.length < WORKER_MIN_CHARS || sharedWorker() === null;
  const [state, setState] = useState<{ key: string; table: SplitTable } | null>(null);
  const key = `${kind}:${text.length}:${text.slice(0, 64)}:${text.slice(-64)}`;

  useEffect(() => {
    if (small) return;
    const target = sharedWorker();
    if (!target) return;
    nextId += 1;
    const id = nextId;
    const onMessage = (event: MessageEvent<SplitResponse>) => {
      if (event.data.id === id) setState({ key, table: event.data.table });
    };
    // A worker that cannot start (an old browser, a blocked script): split here instead.
    const onError = () => setState({ key, table: splitTable(text, kind) });
    target.addEventListener('message', onMessage);
    target.addEventListener('error', onError);
    const request: SplitRequest = { id, text, kind };
    target.postMessage(request);
    return () => {
      target.removeEventListener('message', onMessage);
      target.removeEventListener('error', onError);
    };
  }, [small, text, kind, key]);

  const direct = useMemo(
    () => (small && text !== '' ? splitTable(text, kind) : null),
    [small, text, kind],
  );
  if (small) return { table: direct, pending: false };
  if (state?.key === key) return { table: state.table, pending: false };
  return { table: null, pending: true };
}
