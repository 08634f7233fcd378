// cluster:status: one JSON object — the URLs, each PostgreSQL node's role, postmaster and agent
// pids, port and replication lag as Patroni reports them, Prometheus's URL and its targets' health,
// each API process's pid and health, and the newest backup and how WAL archiving goes.
import { apiHealthy, frontUrl, isOurProcess, readState, readSupervisor, readUrl, writeUrl } from './config';
import { monitoringStatus } from './monitoring';
import { localRestApi, membersFromAny, postmasterPid, type Role } from './patroni';
import { backupSummary } from './pgbackrest';

async function status(): Promise<object> {
  const state = readState();
  if (!state) throw new Error('No cluster here: npm run cluster:up');
  const supervisor = readSupervisor();
  const running = isOurProcess(state.pids.supervisor, 'cluster/supervisor.ts');
  const members = await membersFromAny(state.ports.nodes.map((node) => localRestApi(node.restapi)));
  const agentPid = (name: string) => {
    const pid = running ? supervisor?.agents[name] : null;
    return isOurProcess(pid, 'patroni') ? pid : null;
  };
  return {
    url: frontUrl(state),
    writeUrl: writeUrl(state),
    readUrl: readUrl(state),
    postgres: state.ports.nodes.map((node) => {
      const member = members.find((candidate) => candidate.name === node.name);
      return {
        name: node.name,
        role: (member?.role ?? null) as Role | null,
        pid: postmasterPid(state.dir, node.name),
        agentPid: agentPid(node.name),
        port: node.postgres,
        lagBytes: member ? member.lagBytes : null,
      };
    }),
    prometheus: await monitoringStatus(state),
    api: await Promise.all(
      state.ports.api.map(async (port, index) => {
        const pid = running ? supervisor?.api[index]?.pid : null;
        return { pid: isOurProcess(pid, 'apps/server/dist/main.js') ? pid : null, port, healthy: await apiHealthy(`http://127.0.0.1:${port}`) };
      }),
    ),
    backup: await backupSummary(state),
  };
}

status()
  .then((result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`))
  .catch((error: unknown) => {
    process.stderr.write(`cluster:status failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
