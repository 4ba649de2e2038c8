import { accountContracts } from './accounts.ts';
import { adminContracts } from './admin.ts';
import { authContracts } from './auth.ts';
import type { Contract } from './contract.ts';
import { dashboardContracts } from './dashboard.ts';
import { exportContracts } from './exports.ts';
import { jumptestContracts } from './jumptest.ts';
import { linkContracts } from './links.ts';
import { orderContracts } from './orders.ts';
import { planContracts } from './plans.ts';
import { promoteContracts } from './promote.ts';
import { reportContracts } from './reports.ts';
import { ruleContracts } from './rules.ts';
import { tfcContracts } from './tfc.ts';
import { udsmartContracts } from './udsmart.ts';
import { userContracts } from './user.ts';

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
  ...orderContracts,
  ...dashboardContracts,
  ...authContracts,
  ...accountContracts,
  ...promoteContracts,
  ...planContracts,
  ...ruleContracts,
];
