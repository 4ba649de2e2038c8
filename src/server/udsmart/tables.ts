import type { Generated } from 'kysely';

/**
 * UDSmart (docs/udsmart.md): a UDSmart admin's brands, the ad accounts (`ad_accounts` of 巨量, 腾讯, 快手) bound
 * to each, and what each of its sub-accounts is assigned. Times epoch seconds.
 */
export interface UdBrandsTable {
  id: Generated<number>;
  /** The UDSmart admin (role 5) who owns the brand: the tenant. */
  owner_id: number;
  name: string;
  /** A few characters shown in the brand's badge (no image upload). */
  logo_text: string;
  created_at: number;
  updated_at: number;
}

/** An ad account belongs to at most one brand (primary key ad_account_id). */
export interface UdBrandAccountsTable {
  ad_account_id: number;
  brand_id: number;
  created_at: number;
}

/** What a sub-account (role 6) may see: a whole brand (brand_id) or one ad account (ad_account_id); the other is 0. */
export interface UdAssignmentsTable {
  id: Generated<number>;
  sub_id: number;
  brand_id: number;
  ad_account_id: number;
  created_at: number;
}

export interface UdsmartTables {
  ud_brands: UdBrandsTable;
  ud_brand_accounts: UdBrandAccountsTable;
  ud_assignments: UdAssignmentsTable;
}
