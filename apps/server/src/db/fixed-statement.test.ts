// A fixed statement is built and compiled once, then run with each run's values: the values must
// reach the right places on every run (a value repeated in the text too), a value written into the
// statement in any other way is refused (it would be sent again on every later run), and a run
// without one of its values is refused rather than sent with a hole.
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedStatement } from './fixed-statement';
import { openDatabase, type DatabaseHandle } from '.';

describe('fixed statements', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('sends each run its own values, in every place a name is used', async () => {
    let builds = 0;
    const statement = fixedStatement<{ left: string; right: string; both: string }>((value) => {
      builds += 1;
      return sql`select ${value('a')}::text as left, ${value('b')}::text as right, ${value('a')}::text || ${value('b')}::text as both`;
    });
    for (const [a, b] of [['1', '2'], ['x', 'y'], ['', 'z']] as const) {
      const { rows } = await statement(database.db, { a, b });
      expect(rows).toEqual([{ left: a, right: b, both: `${a}${b}` }]);
    }
    expect(builds).toBe(1);
  });

  it('takes arrays as values, whatever their length', async () => {
    const statement = fixedStatement<{ n: string }>((value) => sql`select count(*)::text as n from unnest(${value('ids')}::text[])`);
    expect((await statement(database.db, { ids: ['a', 'b', 'c'] })).rows).toEqual([{ n: '3' }]);
    expect((await statement(database.db, { ids: [] })).rows).toEqual([{ n: '0' }]);
  });

  it('runs as any other statement on a handle with plugins: they see each run with its values, under one query id', async () => {
    const seen: { node: string; queryId: unknown }[] = [];
    const results: unknown[] = [];
    const recorder: KyselyPlugin = {
      transformQuery(args) {
        seen.push({ node: JSON.stringify(args.node), queryId: args.queryId });
        return args.node;
      },
      transformResult: async (args) => {
        results.push(args.queryId);
        return args.result;
      },
    };
    const statement = fixedStatement<{ a: string }>((value) => sql`select ${value('a')}::text as a`);
    expect((await statement(database.db, { a: 'plain' })).rows).toEqual([{ a: 'plain' }]);
    const recorded = database.db.withPlugin(recorder);
    expect((await statement(recorded, { a: 'one' })).rows).toEqual([{ a: 'one' }]);
    expect((await statement(recorded, { a: 'two' })).rows).toEqual([{ a: 'two' }]);
    expect(seen).toHaveLength(2);
    expect(seen[0]!.node).toContain('"one"');
    expect(seen[1]!.node).toContain('"two"');
    expect(results).toEqual(seen.map(({ queryId }) => queryId));
  });

  it('refuses a value written into the statement other than by name', async () => {
    const fixed = 'the first run only';
    const statement = fixedStatement((value) => sql`select ${value('a')}::text, ${fixed}::text`);
    await expect(statement(database.db, { a: 'x' })).rejects.toThrow(/parameter \$2 is not a named value/);
  });

  it('refuses a run without one of its values', async () => {
    const statement = fixedStatement((value) => sql`select ${value('a')}::text, ${value('b')}::text`);
    await expect(statement(database.db, { a: 'x' })).rejects.toThrow(/without its value "b"/);
  });
});
