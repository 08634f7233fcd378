import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from '../../app/lazy';
import type { MenuKey } from './menu';

/** Loads a screen's chunk (with the chunk time-out of docs/product.md#tariffs-and-limits) and picks its named export. */
function screen<M>(importer: () => Promise<M>, pick: (module: M) => ComponentType): LazyExoticComponent<ComponentType> {
  return lazy(() => loadChunk(importer).then((module) => ({ default: pick(module) })));
}

/**
 * The cabinet's screens by menu key, each its own lazy chunk. A screen module exports a component
 * named after its file, taking no props (it reads the store and the cabinet navigation itself).
 */
export const screens: Record<MenuKey, LazyExoticComponent<ComponentType>> = {
  accounts: screen(() => import('../accounts/AccountsScreen'), (module) => module.AccountsScreen),
  transfer: screen(() => import('../transfers/TransferScreen'), (module) => module.TransferScreen),
  schedules: screen(() => import('../schedules/SchedulesScreen'), (module) => module.SchedulesScreen),
  deposits: screen(() => import('../deposits/DepositsScreen'), (module) => module.DepositsScreen),
  cards: screen(() => import('../cards/CardsScreen'), (module) => module.CardsScreen),
  rate: screen(() => import('../exchange/ExchangeScreen'), (module) => module.ExchangeScreen),
  crypto: screen(() => import('../crypto/WalletsScreen'), (module) => module.WalletsScreen),
  cryptoTransfer: screen(() => import('../crypto/CryptoTransferScreen'), (module) => module.CryptoTransferScreen),
  kyc: screen(() => import('../kyc/KycScreen'), (module) => module.KycScreen),
  settings: screen(() => import('../settings/SettingsScreen'), (module) => module.SettingsScreen),
  closure: screen(() => import('../closure/ClosureScreen'), (module) => module.ClosureScreen),
};
