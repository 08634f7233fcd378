import { loadConfigOrReport } from '../config';
import { openDatabase } from '../db';
import { runCommand } from './command';
import { resealEverything } from './reseal';

/**
 * npm run secrets:reseal, on one node after a rotation of APP_SECRET (docs/operations.md, Rotating keys), with
 * the server's environment: seals the authenticator secrets and the waiting mail anew under
 * APP_SECRET, so none depends on APP_SECRET_PREVIOUS any more. Prints, per column, the values
 * checked, sealed anew, and unreadable (sealed under a secret neither variable holds: their owners
 * set the authenticator up again). Run again, it changes nothing; it exits 0 either way.
 */
async function main(): Promise<number> {
  const config = loadConfigOrReport();
  if (!config) return 1;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    process.stdout.write(`${JSON.stringify(await resealEverything(database.db, config.secret), null, 2)}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand('secrets:reseal', main);
