/**
 * The server's modules in layers, from the bottom up (docs/architecture.md). A module may import
 * the face (index.ts) of a module in a lower layer, or of one listed before it in its own layer;
 * nothing else. So no two modules import each other, and no circle runs through several of them.
 * dependency-cruiser enforces it (.dependency-cruiser.cjs); tests and their support files compose
 * modules freely, as the composition root (apps/server/src/app.ts, runtime.ts, wiring/) does.
 */
module.exports = [
  { layer: 'foundation', modules: ['jobs', 'audit', 'mail', 'ledger', 'metrics', 'health'] },
  { layer: 'clients, controls and rates', modules: ['auth', 'kyc', 'accounts', 'users', 'approvals', 'rates'] },
  { layer: 'record of operations', modules: ['operations'] },
  { layer: 'products', modules: ['fees', 'exchange', 'statement', 'crypto', 'transfers', 'deposits', 'standing-orders', 'contact', 'retention', 'cards', 'closures'] },
  { layer: 'back office', modules: ['backoffice'] },
];
