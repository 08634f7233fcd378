import { loadConfigOrReport } from '../config';
import { openDatabase } from '../db';
import { verifyAuditChain } from '../modules/audit';
import { runCommand } from './command';

/**
 * npm run audit:verify: checks the audit trail's hash chain on the server's database (DATABASE_URL,
 * or the embedded one in DATA_DIR, which must not be open in a running server meanwhile: PGlite
 * serves one process). Prints OK with the count of rows and the last link's hash, which can be
 * noted elsewhere to catch a rewrite of the whole chain later; or names the first broken row and
 * exits 1.
 */
async function main(): Promise<number> {
  const config = loadConfigOrReport();
  if (!config) return 1;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    const verdict = await verifyAuditChain(database.db);
    if (verdict.ok) {
      process.stdout.write(`audit chain OK: ${verdict.count} rows, last hash ${verdict.headHash}\n`);
      return 0;
    }
    process.stderr.write(`audit chain BROKEN after ${verdict.count} sound rows: ${verdict.reason}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

runCommand('audit:verify', main);
