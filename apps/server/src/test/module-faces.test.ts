// Proves that lint refuses an import into another server module's files and lets its face through.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: root });

async function refusals(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('a server module shows one face', () => {
  it.each([
    ["import { postEntry } from '../ledger/ledger';", 'apps/server/src/modules/transfers/bad.ts'],
    ["import type { Session } from '../auth/sessions';", 'apps/server/src/modules/accounts/bad.ts'],
    ["import { chargeFee } from '../modules/operations/fee-charge';", 'apps/server/src/seed/bad.ts'],
    ["import { createSession } from '../../apps/server/src/modules/auth/sessions';", 'faults/bad.ts'],
  ])('refuses %s in %s', async (code, file) => {
    expect(await refusals(`${code}\nexport {};\n`, file)).toEqual([expect.stringContaining("Import the other module's face (its index.ts), not its files.")]);
  });

  it.each([
    ["import { postEntry } from '../ledger';", 'apps/server/src/modules/transfers/good.ts'],
    ["import { recordOperations } from './records';", 'apps/server/src/modules/operations/good.ts'],
    ["import { db } from '../../db';", 'apps/server/src/modules/transfers/good.ts'],
    ["import { openTestAccount } from '../accounts/test-support';", 'apps/server/src/modules/transfers/good.test.ts'],
    ["import { chargeFee } from '../modules/operations';", 'apps/server/src/seed/good.ts'],
  ])('lets %s through in %s', async (code, file) => {
    expect(await refusals(`${code}\nexport {};\n`, file)).toEqual([]);
  });
});
