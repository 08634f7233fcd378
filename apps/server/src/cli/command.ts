/**
 * How the npm commands end: the exit code their main answers, or, for anything unexpected, one line
 * naming the command and exit code 1.
 */
export function runCommand(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
