// The Debian packages the cluster runs on: whatever `dpkg-query` does not report installed is
// installed with apt-get. Their packages would start system services of their own (an etcd, a
// haproxy, a prometheus) on install; a policy-rc.d that answers 101 keeps them from starting, and any that
// started all the same are stopped and disabled, so only the cluster's own processes run.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const PACKAGES = ['postgresql-15', 'etcd-server', 'patroni', 'haproxy', 'pgbackrest', 'prometheus', 'prometheus-postgres-exporter'] as const;
/** Their init scripts, whose services must not run beside the cluster's own processes (pgbackrest has none). */
const SERVICES: Record<string, string> = {
  'postgresql-15': 'postgresql',
  'etcd-server': 'etcd',
  patroni: 'patroni',
  haproxy: 'haproxy',
  prometheus: 'prometheus',
  'prometheus-postgres-exporter': 'prometheus-postgres-exporter',
};
const POLICY = '/usr/sbin/policy-rc.d';

function installed(name: string): boolean {
  const query = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return query.status === 0 && query.stdout.trim() === 'install ok installed';
}

export function missingPackages(): string[] {
  return PACKAGES.filter((name) => !installed(name));
}

function aptGet(args: string[]): boolean {
  const run = spawnSync('apt-get', args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return run.status === 0;
}

/** Installs the missing packages; answers the names it installed. */
export function ensurePackages(log: (line: string) => void): string[] {
  const missing = missingPackages();
  if (missing.length === 0) return [];
  if (process.getuid?.() !== 0) throw new Error(`Missing packages (${missing.join(', ')}): run as root, or apt-get install -y ${missing.join(' ')}`);
  log(`Installing ${missing.join(', ')} …`);
  const ownPolicy = !existsSync(POLICY);
  if (ownPolicy) writeFileSync(POLICY, '#!/bin/sh\n# Written by cluster:up for the length of its apt-get install.\nexit 101\n', { mode: 0o755 });
  try {
    const install = ['install', '-y', '-q', '--no-install-recommends', ...missing];
    // A machine whose package lists are empty or stale needs an update first.
    if (!aptGet(install) && !(aptGet(['update', '-q']) && aptGet(install))) {
      throw new Error(`apt-get install ${missing.join(' ')} failed`);
    }
  } finally {
    if (ownPolicy) rmSync(POLICY, { force: true });
  }
  // Only the services of the packages installed here: a haproxy that ran before is left alone.
  for (const service of missing.flatMap((name) => SERVICES[name] ?? [])) {
    if (!existsSync(`/etc/init.d/${service}`)) continue;
    spawnSync('service', [service, 'stop'], { stdio: 'ignore' });
    spawnSync('update-rc.d', [service, 'disable'], { stdio: 'ignore' });
  }
  return missing;
}

// `tsx cluster/packages.ts` installs them alone: CI does, before the unit tests that run promtool and the exporter.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensurePackages((line) => process.stdout.write(`${line}\n`));
