import type { AccountsTables } from '../accounts/tables.ts';
import type { AdsTables } from '../ads/tables.ts';
import type { AffiliateTables } from '../affiliate/tables.ts';
import type { AuditTables } from '../audit/tables.ts';
import type { ClusterTables } from '../cluster/tables.ts';
import type { ExportsTables } from '../exports/tables.ts';
import type { JobsTables } from '../jobs/tables.ts';
import type { LinksTables } from '../links/tables.ts';
import type { MailTables } from '../mail/tables.ts';
import type { OrdersTables } from '../orders/tables.ts';
import type { PromotionTables } from '../promotion/tables.ts';
import type { ReportsTables } from '../reports/tables.ts';
import type { RulesTables } from '../rules/tables.ts';
import type { TrackingTables } from '../tracking/tables.ts';
import type { UdsmartTables } from '../udsmart/tables.ts';

/**
 * The database: each feature owns its tables in `<feature>/tables.ts` (one interface per table, grouped as
 * `<Feature>Tables`); this file only composes them. Times are epoch seconds, money integer fen, flags integers:
 * they read back the same on SQLite and PostgreSQL. (The only import of features from `db/`: type-only tables.)
 */
export interface Database
  extends AccountsTables,
    AdsTables,
    AffiliateTables,
    AuditTables,
    ClusterTables,
    ExportsTables,
    JobsTables,
    LinksTables,
    MailTables,
    OrdersTables,
    PromotionTables,
    ReportsTables,
    RulesTables,
    TrackingTables,
    UdsmartTables {}
