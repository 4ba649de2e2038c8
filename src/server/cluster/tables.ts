/** A named lease: who holds it and until when (epoch seconds). */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

export interface ClusterTables {
  leases: LeasesTable;
}
