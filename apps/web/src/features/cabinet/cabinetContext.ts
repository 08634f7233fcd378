import { createContext, useContext } from 'react';
import type { MenuKey } from './menu';

/**
 * The cabinet's chosen screen (docs/product.md#screens-and-routes: screens follow the menu, not the URL). Screens may switch
 * to another one, e.g. the accounts screen to the transfer form.
 */
export interface CabinetNavigation {
  active: MenuKey;
  select(key: MenuKey): void;
}

export const CabinetContext = createContext<CabinetNavigation | null>(null);

export function useCabinetNavigation(): CabinetNavigation {
  const navigation = useContext(CabinetContext);
  if (!navigation) throw new Error('useCabinetNavigation is used outside the cabinet');
  return navigation;
}
