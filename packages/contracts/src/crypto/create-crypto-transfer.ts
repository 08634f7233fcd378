import { z } from 'zod';
import { amountInputSchema, checkAmountScale, optionalEmailSchema, optionalText } from '../accounts/fields';
import { isValidCryptoAddress } from './addresses';
import { cryptoCurrencySchema } from './wallets';

/**
 * POST /api/crypto-transaction/create (Crypto transfer, docs/product.md#data): fromWallet (the client's wallet
 * address), recipient (an address of the coin's network, checksum verified), email, amount,
 * currency, type 'crypto', reference. With Idempotency-Key like fiat transfers. 'Created' on
 * success; the transfer waits (New, shown as Pending) for the bank unless the recipient is another
 * wallet of this bank, which settles at once.
 */
export const createCryptoTransferRequestSchema = z
  .object({
    type: z.literal('crypto', { error: 'validation.type.invalid' }),
    fromWallet: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    recipient: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    email: optionalEmailSchema,
    amount: amountInputSchema,
    currency: cryptoCurrencySchema,
    reference: optionalText(),
  })
  .superRefine((value, context) => {
    checkAmountScale(context, value.amount, value.currency, ['amount']);
    if (!isValidCryptoAddress(value.currency, value.recipient)) {
      context.addIssue({ code: 'custom', message: 'validation.cryptoAddress.invalid', path: ['recipient'] });
    }
  });
export type CreateCryptoTransferRequest = z.input<typeof createCryptoTransferRequestSchema>;
export type CryptoTransferRequest = z.output<typeof createCryptoTransferRequestSchema>;
