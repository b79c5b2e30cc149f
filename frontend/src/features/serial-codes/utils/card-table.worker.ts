/**
 * Splits a card file off the main thread: 50,000 rows of a supplier's CSV keep the
 * import dialog responsive while they are read.
 */
import { splitTable, type SplitTable } from './card-table';

export interface SplitRequest {
  id: number;
  text: string;
  kind: 'csv' | 'text';
}

export interface SplitResponse {
  id: number;
  table: SplitTable;
}

/** The worker's global scope, as far as this file uses it (the app's types are the DOM's). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SplitRequest>) => void) | null;
  postMessage: (message: SplitResponse) => void;
};

scope.onmessage = (event) => {
  const { id, text, kind } = event.data;
  scope.postMessage({ id, table: splitTable(text, kind) });
};
