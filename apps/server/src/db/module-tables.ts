/**
 * Tables of the feature modules, composed here so each module keeps its declarations in its own
 * folder (`modules/<name>/tables.ts`).
 */
import type { ContactTables } from '../modules/contact/tables';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleTables extends ContactTables {}
