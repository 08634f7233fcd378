// What the drill acts on: the cluster of `npm run cluster:up` on this machine (drill/local.ts), or a
// cluster on separate machines described by DRILL_* variables (drill/remote.ts). The drill sees it
// only through this: the addresses clients and checks use, the Patroni REST APIs, and the faults.
export interface DrillTarget {
  /** Where it is, for the drill's first line. */
  description: string;
  /** The API as clients reach it (HAProxy's HTTP front or the load balancer). */
  url: string;
  /** Each API process, whose health the drill waits for after a step (may be empty). */
  apiUrls: string[];
  /** PostgreSQL through HAProxy's write and read ports, as the application's user. */
  writeUrl: string;
  readUrl: string;
  /** The API processes' APP_SECRET: the drill's clients are signed in through the service code. */
  secret: string;
  /** Each Patroni node's REST API (base URLs). */
  patroni: string[];
  /** SIGKILL the postmaster of node `name` alone: its Patroni agent starts it again. */
  killPostmaster(name: string, host: string): Promise<void>;
  /** Node `name`'s machine dies: its agent and postmaster are SIGKILLed and stay down. */
  killNode(name: string, host: string): Promise<void>;
  /** Node `name`'s machine is back: its agent starts and rejoins as a standby. */
  reviveNode(name: string, host: string): Promise<void>;
  /** SIGKILL one API process (its supervisor starts it again). */
  killApi(): Promise<void>;
  /** Undoes what a step that failed half-way may have left (a node still held down). */
  release(): Promise<void>;
  /**
   * What keeps its monitoring from being whole (a Prometheus target not up, an API process's
   * /metrics not answering), empty when nothing does; absent where the drill does not see it.
   */
  monitoringProblems?(): Promise<string[]>;
}
