import type { Contract } from './contract.ts';
import { userContracts } from './user.ts';
import { linkContracts } from './links.ts';
import { tfcContracts } from './tfc.ts';
import { jumptestContracts } from './jumptest.ts';
import { adminContracts } from './admin.ts';
import { udsmartContracts } from './udsmart.ts';
import { exportContracts } from './exports.ts';
import { reportContracts } from './reports.ts';
import { dashboardContracts } from './dashboard.ts';

/**
 * Every endpoint of the product. The server registers exactly these (and fails to start if a contract has no
 * handler), the OpenAPI document and the permission matrix are read from this list. Consoles import the
 * feature files directly so a screen only loads the contracts it calls.
 */
export const allContracts: readonly Contract[] = [
  ...userContracts,
  ...linkContracts,
  ...tfcContracts,
  ...jumptestContracts,
  ...adminContracts,
  ...udsmartContracts,
  ...exportContracts,
  ...reportContracts,
  ...dashboardContracts,
];
