import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * Work a request does after its answer has gone (so that the answer, and the time it takes, say
 * nothing of what the work finds). It starts once the answer is sent: started earlier, it would
 * compete with the answer for the database (on PGlite, the one connection) and show in its time
 * after all. A failure is logged, never thrown at anyone; the server waits for the work still
 * running before it closes, and tests wait for it before they look.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  afterAnswer(reply: FastifyReply, log: FastifyBaseLogger, what: string, task: () => Promise<void>): void {
    // One turn of the event loop after the answer is out, so that whoever waits for the answer
    // hears it first (embedded PGlite runs its queries on this thread).
    const answered = new Promise<void>((resolve) => {
      const next = () => setImmediate(resolve);
      reply.raw.once('finish', next);
      reply.raw.once('close', next);
    });
    const running: Promise<void> = answered
      .then(task)
      .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Resolves once every task started so far (and any they started) has ended. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
