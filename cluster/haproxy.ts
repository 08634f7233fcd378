// HAProxy in front of everything: a write port to the leader (Patroni's /primary answers 200 only
// there), a read port to the standbys (/replica), an HTTP front balancing the API processes, and
// its own metrics for Prometheus.
import type { ClusterPorts } from './config';

export const HAPROXY_BINARY = '/usr/sbin/haproxy';

export function haproxyConfig(ports: ClusterPorts): string {
  const postgresServers = ports.nodes
    .map((node) => `    server ${node.name} 127.0.0.1:${node.postgres} check port ${node.restapi}`)
    .join('\n');
  const apiServers = ports.api.map((port, index) => `    server api${index + 1} 127.0.0.1:${port} check`).join('\n');
  const postgresChecks = (check: string) => `    mode tcp
    option httpchk OPTIONS ${check}
    http-check expect status 200
    # Checked every 500 ms, every 200 ms while a server is down or changing state: a new leader takes
    # writes within about 200 ms of Patroni's promotion, which a planned switchover's 3 s allow for.
    default-server inter 500ms fastinter 200ms downinter 200ms fall 2 rise 1 on-marked-down shutdown-sessions
    # A connection refused in the moment between the old leader going and the new one answering is
    # retried every 250 ms for about 3 s, each retry on a server up at that moment: with HAProxy's
    # default (3 retries at least 1 s apart, to the same server) it failed after 3 s every time.
    timeout connect 250ms
    retries 12
    option redispatch 1
${postgresServers}
`;
  return `# Written by cluster:up on every start.
global
    maxconn 2000

defaults
    mode tcp
    timeout connect 4s
    timeout client 30m
    timeout server 30m
    timeout check 2s

listen postgres_write
    bind 127.0.0.1:${ports.write}
${postgresChecks('/primary')}
frontend postgres_read
    bind 127.0.0.1:${ports.read}
    mode tcp
    # Reads go to the standbys. Right after a failover there is none (the new leader was the standby,
    # and the old one has not rejoined yet); the leader serves reads until one is back.
    use_backend postgres_write if { nbsrv(postgres_replicas) eq 0 }
    default_backend postgres_replicas

backend postgres_replicas
${postgresChecks('/replica')}
frontend api
    bind 127.0.0.1:${ports.http}
    mode http
    option forwardfor
    timeout client 60s
    default_backend api_servers

backend api_servers
    mode http
    balance roundrobin
    timeout server 60s
    option httpchk GET /api/health
    http-check expect status 200
    default-server inter 1s fall 2 rise 1
    retries 2
    option redispatch
${apiServers}

# HAProxy's own metrics, which Prometheus scrapes (job "haproxy"), and its statistics page.
frontend stats
    bind 127.0.0.1:${ports.haproxyMetrics}
    mode http
    timeout client 30s
    http-request use-service prometheus-exporter if { path /metrics }
    stats enable
    stats uri /stats
`;
}
