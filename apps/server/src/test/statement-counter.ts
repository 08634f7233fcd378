import type { KyselyPlugin } from 'kysely';

/** A Kysely plugin that counts the statements sent through it (`count()`), for tests of how many a write costs. */
export function statementCounter(): KyselyPlugin & { count(): number } {
  let statements = 0;
  return {
    transformQuery(args) {
      statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
    count: () => statements,
  };
}
