import { jumptestRun } from '../../shared/api/jumptest.ts';
import { type Binding, handle } from '../http/contracts.ts';
import { followChain } from './follow.ts';

/** `/capi/napi/jumptest/run`: link jump test (admin roles 1, 2; spec §2 /sxA/jumptest). */
export const jumptestRoutes: Binding[] = [
  handle(jumptestRun, ({ deps, actor, input }) => {
    deps.limiter.hit(`jumptest:${actor.userId}`, 30, 60_000);
    return followChain(input.url, { allowPrivate: deps.config.JUMPTEST_ALLOW_PRIVATE });
  }),
];
