// Proves whom a statement line names as its counterparty: the payer of an incoming row, the payee
// of an outgoing one, with the name when the bank knows it and the account always.
import { describe, expect, it } from 'vitest';
import { counterpartyOf } from './labels';

const parties = { sender: '40817810000000000001', senderName: 'Anna Petrova', recipient: 'DE75512108001245126199', recipientName: null };

describe('counterparty of a row', () => {
  it('names the sender of an incoming row', () => {
    expect(counterpartyOf({ ...parties, direction: 'IN' })).toEqual({ name: 'Anna Petrova', account: '40817810000000000001' });
  });

  it('names the recipient of an outgoing row, by account alone when it has no name', () => {
    expect(counterpartyOf({ ...parties, direction: 'OUT' })).toEqual({ name: null, account: 'DE75512108001245126199' });
  });
});
