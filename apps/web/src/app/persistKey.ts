/** docs/product.md#data: the whole state persisted in local storage under 'root' (redux-persist writes it as 'persist:root'). */
export const PERSIST_KEY = 'root';
export const PERSISTED_STATE_ITEM = `persist:${PERSIST_KEY}`;
