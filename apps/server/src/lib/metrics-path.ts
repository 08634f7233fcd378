/** Where the metrics listener answers (listener.ts); the public port answers 404 there (lib/error-handler.ts). */
export const METRICS_PATH = '/metrics';
