import type { Generated } from 'kysely';

/** Accounts (spec §3, §4, §6): users of every role, their sessions and password-reset codes. */
export interface UsersTable {
  id: Generated<number>;
  /** 'customer' (roles 3, 4) or 'admin' (roles 1, 2, 5, 6). */
  kind: 'customer' | 'admin';
  email: string;
  password_hash: string;
  username: string;
  company: string;
  phone: string;
  /** Customers: 'common' or 'agent'. Admins: ''. */
  usertype: string;
  /** Sub-customer → its agent; UDSmart sub-account → its UDSmart admin. */
  parent_id: number | null;
  /** Admins: 1 super, 2 admin. Customers: 0. */
  super: number;
  udsmart: number;
  is_sub: number;
  /** 1 enabled, anything else disabled. */
  status: number;
  /** Epoch seconds; 0 = no expiry. */
  expire_time: number;
  /** 1 default, 2 precise, other = both. */
  promote_type: number;
  /** Console version of a customer: 'ver1' (standard/old) or 'ver2'. */
  version: string;
  /** Hourly report e-mail: 1 on, 2 off. */
  email_status: number;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  /** Epoch seconds when revoked (logout, password change, disable); null while valid. */
  revoked_at: number | null;
  ip: string;
  user_agent: string;
}

export interface ResetCodesTable {
  id: Generated<number>;
  email: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  used_at: number | null;
}

export interface AccountsTables {
  users: UsersTable;
  sessions: SessionsTable;
  reset_codes: ResetCodesTable;
}
