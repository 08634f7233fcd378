// The cluster's one-member etcd: the store Patroni keeps its leader lock and configuration in.
import path from 'node:path';
import type { ClusterPorts } from './config';

export const ETCD_BINARY = '/usr/bin/etcd';

export function etcdArgs(dir: string, ports: ClusterPorts): string[] {
  const client = `http://127.0.0.1:${ports.etcdClient}`;
  const peer = `http://127.0.0.1:${ports.etcdPeer}`;
  return [
    '--name', 'bank-etcd',
    '--data-dir', path.join(dir, 'etcd', 'data'),
    '--listen-client-urls', client,
    '--advertise-client-urls', client,
    '--listen-peer-urls', peer,
    '--initial-advertise-peer-urls', peer,
    '--initial-cluster', `bank-etcd=${peer}`,
    '--initial-cluster-state', 'new',
    '--initial-cluster-token', 'bank-cluster',
  ];
}

/** Waits until etcd answers its health check. */
export async function waitForEtcd(ports: ClusterPorts, isAlive: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('etcd exited at start (see etcd/etcd.log)');
    try {
      const answer = await fetch(`http://127.0.0.1:${ports.etcdClient}/health`, { signal: AbortSignal.timeout(1_000) });
      if (answer.ok && ((await answer.json()) as { health?: string }).health === 'true') return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('etcd did not become healthy');
}
