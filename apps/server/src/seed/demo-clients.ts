/** The demo sign-ins' ids, handed by the seed to every feature's demo data. */
export interface DemoClients {
  personalId: string;
  businessId: string;
  operatorId: string;
}
