import type { Mailer } from '../../lib/mailer';
import type { TestContext } from '../../test/harness';
import type { JobQueue } from '../jobs';

/**
 * Closes what a delivery test started, in the order that lets each go: the queue's workers, the app
 * and its database, then the pooled mailer's connections, and only then the mail server, which
 * waits for its open connections before it closes.
 */
export async function closeDeliveryTest(started: { queue?: JobQueue | undefined; context?: TestContext | undefined; mailer?: Mailer | undefined; mailServer?: { close(): Promise<void> } | undefined }): Promise<void> {
  await started.queue?.stop();
  await started.context?.close();
  started.mailer?.close();
  await started.mailServer?.close();
}
