/** The metrics module's face: the instruments of an app, the hooks that feed them, and the listener. */
export { BankMetrics, type SignInRefusal } from './instruments';
export type { MetricsSource } from './database-gauges';
export { measureApp, routeLabel } from './http';
export { listenForMetrics, type MetricsListener } from './listener';
export { METRICS_PATH } from '../../lib/metrics-path';

