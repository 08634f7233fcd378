// The auth feature's public face: what other features may use of it (the signed-in user's state,
// the identity calls, clearing the browser's storage). Everything else in this folder is its own.
export * from './userSlice';
export { authApi } from './authApi';
export { clearLocalStorage } from './browserStorage';
