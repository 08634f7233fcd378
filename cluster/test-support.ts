// What the cluster's tests share: the ports of a two-node cluster, as config.ts's choosePorts would give them.
import type { ClusterPorts } from './config';

export const ports: ClusterPorts = {
  etcdClient: 2401,
  etcdPeer: 2402,
  write: 5001,
  read: 5002,
  http: 8001,
  api: [8101, 8102],
  nodes: [
    { name: 'pg1', postgres: 6001, restapi: 7001 },
    { name: 'pg2', postgres: 6002, restapi: 7002 },
  ],
  metrics: [8201, 8202],
  prometheus: 9090,
  haproxyMetrics: 8404,
  postgresExporters: [9187, 9188],
  // The backup job's address in monitoring/alerts.test.yml.
  backupMetrics: 9300,
};
