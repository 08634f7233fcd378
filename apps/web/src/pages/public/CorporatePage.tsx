import { AccountOpeningPage } from './AccountOpeningPage';
import { CORPORATE_DOCUMENTS } from './content';

/** SPEC §2 /corporate-clients, with the 12 documents of SPEC §5. */
export function Component() {
  return <AccountOpeningPage audience="corporate" documents={CORPORATE_DOCUMENTS} />;
}
