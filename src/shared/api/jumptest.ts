import { jumpResult, jumpRunInput } from '../jumptest.ts';
import { contract } from './contract.ts';

/** Admin link jump test (spec §2 `/sxA/jumptest`). */
export const jumptestRun = contract({
  path: '/capi/napi/jumptest/run',
  method: 'POST',
  access: 'admin',
  tag: '链接跳转测试',
  summary: '跟随一条链接的跳转链（防 SSRF：不访问内网地址），识别最终的 App 唤起',
  input: jumpRunInput,
  output: jumpResult,
});

export const jumptestContracts = [jumptestRun];
