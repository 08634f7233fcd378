// Bundles the server (with the workspace contracts package) into apps/server/dist; npm packages stay external.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'apps/server/dist';
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: ['apps/server/src/main.ts'],
  outfile: `${outdir}/main.js`,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(builder) {
        // Bare imports are npm packages, resolved at run time; the workspace's own package is bundled.
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@bank/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
await cp('apps/server/src/db/migrations', `${outdir}/migrations`, { recursive: true });
