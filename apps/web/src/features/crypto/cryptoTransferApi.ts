import type { createCryptoTransferRequestSchema } from '@bank/contracts/crypto/create-crypto-transfer';
import type { z } from 'zod';
import { submitMoneyMovement, type SubmissionKeys, type SubmissionOutcome } from '../../lib/submitTransaction';

/** A crypto transfer as the form checked it with the contract (Crypto transfer, docs/product.md#data). */
export type CryptoTransfer = z.output<typeof createCryptoTransferRequestSchema>;

/**
 * POST /api/crypto-transaction/create with an idempotency key, through the same submission as fiat
 * transfers: the same key on a retry after a lost answer, 'Created' the only success (docs/product.md#client-calls).
 */
export function sendCryptoTransfer(transfer: CryptoTransfer, token: string | null, keys: SubmissionKeys): Promise<SubmissionOutcome> {
  return submitMoneyMovement('crypto-transaction/create', transfer, token, keys);
}
