import * as api from '../../shared/api/reports.ts';
import { type Binding, handle } from '../http/contracts.ts';
import { lastReport } from './service.ts';

/** The hourly report's contract (`/capi/api/report/last`); the unsubscribe page is `unsubscribe.ts`. */
export const reportRoutes: Binding[] = [handle(api.reportLast, ({ deps, actor }) => lastReport(deps, actor))];
