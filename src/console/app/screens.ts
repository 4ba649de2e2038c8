import { accountScreens } from '../features/account/screens.ts';
import { adminScreens } from '../features/admin/screens.ts';
import { authScreens } from '../features/auth/screens.ts';
import { collectScreens } from '../features/collect/screens.ts';
import { dashboardScreens } from '../features/dashboard/screens.ts';
import { exportTemplateScreens } from '../features/export-template/screens.ts';
import { jumpTestScreens } from '../features/jump-test/screens.ts';
import { linkScreens } from '../features/links/screens.ts';
import { mandateScreens } from '../features/mandate/screens.ts';
import { miniPromoteScreens } from '../features/minipromote/screens.ts';
import { orderScreens } from '../features/orders/screens.ts';
import { promotionScreens } from '../features/promotion/screens.ts';
import { rulesScreens } from '../features/rules/screens.ts';
import { udsmartScreens } from '../features/udsmart/screens.ts';
import type { Screen } from '../lib/routes.ts';
import type { ScreenId } from './route-table.ts';

/** Every screen id of the route table with its component (the type checker finds a missing one). */
export const screens: Record<ScreenId, Screen> = {
  ...accountScreens,
  ...adminScreens,
  ...authScreens,
  ...collectScreens,
  ...dashboardScreens,
  ...exportTemplateScreens,
  ...rulesScreens,
  ...jumpTestScreens,
  ...linkScreens,
  ...mandateScreens,
  ...miniPromoteScreens,
  ...orderScreens,
  ...promotionScreens,
  ...udsmartScreens,
};
