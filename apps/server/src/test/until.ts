/** Resolves once `check` answers true, asking again every `intervalMs`; throws after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, options: { timeoutMs?: number; intervalMs?: number } = {}): Promise<void> {
  const { timeoutMs = 30_000, intervalMs = 50 } = options;
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
