import { AccountOpeningPage } from './AccountOpeningPage';
import { INDIVIDUAL_DOCUMENTS } from './content';

/** /physical-clients (docs/product.md#screens-and-routes), with the 4 documents of docs/product.md#validation. */
export function Component() {
  return <AccountOpeningPage audience="individual" documents={INDIVIDUAL_DOCUMENTS} />;
}
