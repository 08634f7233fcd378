import { AccountOpeningPage } from './AccountOpeningPage';
import { CORPORATE_DOCUMENTS } from './content';

/** /corporate-clients (docs/product.md#screens-and-routes), with the 12 documents of docs/product.md#validation. */
export function Component() {
  return <AccountOpeningPage audience="corporate" documents={CORPORATE_DOCUMENTS} />;
}
