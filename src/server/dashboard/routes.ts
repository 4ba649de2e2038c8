import * as api from '../../shared/api/dashboard.ts';
import { type Deps, readerOf } from '../deps.ts';
import { type Binding, handle } from '../http/contracts.ts';
import { type BoardDeps, boardCard, boardList, indexBoard } from './board.ts';
import { indexDetail } from './detail.ts';
import { itemDetail, itemIndex, itemOrders } from './items.ts';

/** The boards write nothing: on a SQLite file they read on the reader thread, off the event loop (db/sqlite-reader.ts). */
const reads = (deps: Deps): BoardDeps => ({ db: readerOf(deps), clock: deps.clock });

/** Spec §7 Dashboard, Board (napi) and item analysis: tenant rules and periods live in the services. */
export const dashboardRoutes: Binding[] = [
  handle(api.indexBoard, ({ deps, actor, input }) => indexBoard(reads(deps), actor, input)),
  handle(api.indexDetail, ({ deps, actor, input }) => indexDetail(reads(deps), actor, input)),
  handle(api.boardCard, ({ deps, actor, input }) => boardCard(reads(deps), actor, input)),
  handle(api.boardList, ({ deps, actor, input }) => boardList(reads(deps), actor, input)),
  handle(api.itemAnalyseIndex, ({ deps, actor, input }) => itemIndex(reads(deps), actor, input)),
  handle(api.itemAnalyseDetail, ({ deps, actor, input }) => itemDetail(reads(deps), actor, input)),
  handle(api.itemAnalyseOrder, ({ deps, actor, input }) => itemOrders(reads(deps), actor, input)),
];
