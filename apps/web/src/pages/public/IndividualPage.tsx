import { AccountOpeningPage } from './AccountOpeningPage';
import { INDIVIDUAL_DOCUMENTS } from './content';

/** SPEC §2 /physical-clients, with the 4 documents of SPEC §5. */
export function Component() {
  return <AccountOpeningPage audience="individual" documents={INDIVIDUAL_DOCUMENTS} />;
}
