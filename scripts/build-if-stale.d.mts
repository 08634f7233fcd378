/** Builds the web app and the server when their outputs are missing or older than their sources. */
export function buildIfStale(options?: { quiet?: boolean }): void;
