import { describe, expect, it } from 'vitest';
import { allowedOrderActions } from './order-actions-model';

describe('allowedOrderActions', () => {
  it('follows the status table of the API', () => {
    expect(allowedOrderActions('pending_payment')).toEqual(['confirmPayment', 'cancel']);
    expect(allowedOrderActions('completed')).toEqual(['replaceCodes', 'revealCodes', 'regenerateLink']);
    expect(allowedOrderActions('expired')).toEqual(['confirmPayment']);
    expect(allowedOrderActions('needs_attention')).toEqual(['confirmPayment', 'cancel']);
    expect(allowedOrderActions('cancelled')).toEqual([]);
    expect(allowedOrderActions('something_new')).toEqual([]);
  });
});
