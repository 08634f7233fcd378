import type { ChildProcess } from 'node:child_process';

export const SERVER_NODE_FLAGS: readonly string[];
export const SERVER_ENTRY: string;
export function freePort(): Promise<number>;
export function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  options?: { timeoutMs?: number; acceptUnavailable?: boolean },
): Promise<void>;
