import { z } from 'zod';
import { UNION_LABEL } from '../../shared/orders.ts';
import { ConfigError } from '../kernel/config.ts';
import type { AffiliateConnectors, AffiliateUnion } from './affiliate.ts';
import type { FetchLike, HttpOptions } from './affiliate-http.ts';
import { ConnectorError } from './errors.ts';
import { createJdConnector, type JdSettings } from './jd/index.ts';
import { createPddConnector, type PddSettings } from './pdd/index.ts';
import { createTaobaoConnector, type TaobaoSettings } from './taobao/index.ts';
import { createUdConnector, type UdSettings } from './ud/index.ts';

/**
 * Configuration of the affiliate connectors, from the environment (validated like src/server/config.ts; a bad value
 * stops the server naming it). Each union: `<P>_API_BASE`, `<P>_APP_KEY`, `<P>_APP_SECRET` and its ids. Without an
 * API base a union points at the in-process sandbox (`${PUBLIC_BASE_URL}/sandbox/<union>`, sandbox keys) while
 * `SANDBOX` is on (the default), and at the real host otherwise — where it needs real keys, or stays disabled.
 * docs/affiliate-unions.md says how to point each union at its real host.
 */
const flag = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((v) => v === 'on' || v === 'true' || v === '1');
const key = z.string().min(1).max(200).optional();
const base = z.url('must be an absolute http(s) URL').optional();
const digits = z
  .string()
  .regex(/^\d{1,20}$/, 'must be digits')
  .optional();

const schema = z.object({
  SANDBOX: flag.default(true),
  AFFILIATE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  AFFILIATE_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  TAOBAO_API_BASE: base,
  TAOBAO_APP_KEY: key,
  TAOBAO_APP_SECRET: key,
  TAOBAO_SIGN_METHOD: z.enum(['md5', 'hmac', 'hmac-sha256']).default('md5'),
  TAOBAO_PID: z
    .string()
    .regex(/^mm_\d+_\d+_\d+$/, 'must look like mm_{member}_{site}_{adzone}')
    .optional(),
  TAOBAO_SESSION: key,
  /**
   * The 推广位 pool links take one adzone each from (docs/attribution.md): comma-separated adzone ids or ranges
   * `first-last`, e.g. `3000101-3000600,3001001`. Unset: the sandbox's pool, or none on the real host (every link
   * then shares the PID's adzone and is told apart by item only).
   */
  TAOBAO_ADZONES: z
    .string()
    .regex(/^\s*\d{1,20}(\s*-\s*\d{1,20})?(\s*,\s*\d{1,20}(\s*-\s*\d{1,20})?)*\s*$/, 'must be adzone ids or ranges a-b, comma-separated')
    .optional(),
  UD_API_BASE: base,
  UD_APP_KEY: key,
  UD_APP_SECRET: key,
  UD_SIGN_METHOD: z.enum(['md5', 'hmac', 'hmac-sha256']).default('md5'),
  UD_SESSION: key,
  /** 1 UDSmart, 2 流量通Pro. */
  UD_PROD_TYPE: z
    .enum(['1', '2'])
    .default('1')
    .transform((v) => (v === '2' ? 2 : 1) as 1 | 2),
  UD_MEMBER_ID: digits,
  JD_API_BASE: base,
  JD_APP_KEY: key,
  JD_APP_SECRET: key,
  JD_SITE_ID: digits,
  JD_POSITION_ID: digits,
  /** common: jd.union.open.promotion.common.get (网站/APP); bysubunionid: jd.union.open.promotion.bysubunionid.get (社交媒体). */
  JD_LINK_METHOD: z.enum(['common', 'bysubunionid']).default('common'),
  /** client_id / client_secret. */
  PDD_API_BASE: base,
  PDD_APP_KEY: key,
  PDD_APP_SECRET: key,
  PDD_PID: z
    .string()
    .regex(/^\d{1,20}_\d{1,20}$/, 'must look like {duoId}_{n}')
    .optional(),
});

/** The keys and ids the sandbox accepts (sandbox/unions/context.ts; a test holds the two equal). */
export const SANDBOX_DEFAULTS = {
  taobao: { appKey: '10000001', appSecret: 'sandbox-taobao-secret', pid: 'mm_1000001_2000002_3000003', adzones: '3000101-3002100' },
  ud: { appKey: '10000002', appSecret: 'sandbox-ud-secret' },
  jd: { appKey: 'sandboxjdappkey', appSecret: 'sandbox-jd-secret', siteId: '4000001', positionId: '5000001' },
  pdd: { appKey: 'sandboxpddclientid', appSecret: 'sandbox-pdd-secret', pid: '1000001_20000002' },
} as const;

export const REAL_HOSTS: Record<AffiliateUnion, string> = {
  taobao: 'https://eco.taobao.com',
  ud: 'https://eco.taobao.com',
  jd: 'https://api.jd.com',
  pdd: 'https://gw-api.pinduoduo.com',
};

/** What features need to know of the union configuration besides the connectors. */
export interface UnionSettings {
  enabled: Record<AffiliateUnion, boolean>;
  taobaoAdzones: readonly string[];
}

export interface AffiliateConfig {
  sandbox: boolean;
  /** 淘宝 adzones a link may hold alone (TAOBAO_ADZONES), in order. */
  taobaoAdzones: string[];
  /** Per union: whether it is usable (configured, or served by the sandbox) and whether it talks to the sandbox. */
  enabled: Record<AffiliateUnion, boolean>;
  usesSandbox: Record<AffiliateUnion, boolean>;
  taobao: TaobaoSettings;
  ud: UdSettings;
  jd: JdSettings;
  pdd: PddSettings;
  http: HttpOptions;
}

function parse(env: NodeJS.ProcessEnv) {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}=${JSON.stringify(clean[String(i.path[0])] ?? '')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Read the affiliate settings; `publicBaseUrl` is where the product (and its sandbox) is reached. */
export function loadAffiliateConfig(env: NodeJS.ProcessEnv, publicBaseUrl: string): AffiliateConfig {
  const e = parse(env);
  const sandboxBase = (u: AffiliateUnion) => `${publicBaseUrl.replace(/\/$/, '')}/sandbox/${u}`;
  const baseOf = (u: AffiliateUnion, explicit: string | undefined) => explicit ?? (e.SANDBOX ? sandboxBase(u) : REAL_HOSTS[u]);
  const taobaoBase = baseOf('taobao', e.TAOBAO_API_BASE);
  const taobaoSandbox = taobaoBase === sandboxBase('taobao');
  const taobao: TaobaoSettings = {
    apiBase: taobaoBase,
    appKey: e.TAOBAO_APP_KEY ?? (taobaoSandbox ? SANDBOX_DEFAULTS.taobao.appKey : ''),
    appSecret: e.TAOBAO_APP_SECRET ?? (taobaoSandbox ? SANDBOX_DEFAULTS.taobao.appSecret : ''),
    signMethod: e.TAOBAO_SIGN_METHOD,
    pid: e.TAOBAO_PID ?? (taobaoSandbox ? SANDBOX_DEFAULTS.taobao.pid : ''),
    session: e.TAOBAO_SESSION,
  };
  const udBase = baseOf('ud', e.UD_API_BASE);
  const udSandbox = udBase === sandboxBase('ud');
  const ud: UdSettings = {
    apiBase: udBase,
    appKey: e.UD_APP_KEY ?? (udSandbox ? SANDBOX_DEFAULTS.ud.appKey : ''),
    appSecret: e.UD_APP_SECRET ?? (udSandbox ? SANDBOX_DEFAULTS.ud.appSecret : ''),
    signMethod: e.UD_SIGN_METHOD,
    session: e.UD_SESSION,
    prodType: e.UD_PROD_TYPE,
    memberId: e.UD_MEMBER_ID,
  };
  const jdBase = baseOf('jd', e.JD_API_BASE);
  const jdSandbox = jdBase === sandboxBase('jd');
  const jd: JdSettings = {
    apiBase: jdBase,
    appKey: e.JD_APP_KEY ?? (jdSandbox ? SANDBOX_DEFAULTS.jd.appKey : ''),
    appSecret: e.JD_APP_SECRET ?? (jdSandbox ? SANDBOX_DEFAULTS.jd.appSecret : ''),
    siteId: e.JD_SITE_ID ?? (jdSandbox ? SANDBOX_DEFAULTS.jd.siteId : ''),
    positionId: e.JD_POSITION_ID ?? (jdSandbox ? SANDBOX_DEFAULTS.jd.positionId : ''),
    linkMethod: e.JD_LINK_METHOD,
  };
  const pddBase = baseOf('pdd', e.PDD_API_BASE);
  const pddSandbox = pddBase === sandboxBase('pdd');
  const pdd: PddSettings = {
    apiBase: pddBase,
    appKey: e.PDD_APP_KEY ?? (pddSandbox ? SANDBOX_DEFAULTS.pdd.appKey : ''),
    appSecret: e.PDD_APP_SECRET ?? (pddSandbox ? SANDBOX_DEFAULTS.pdd.appSecret : ''),
    pid: e.PDD_PID ?? (pddSandbox ? SANDBOX_DEFAULTS.pdd.pid : ''),
  };
  return {
    sandbox: e.SANDBOX,
    taobaoAdzones: adzonePool(e.TAOBAO_ADZONES ?? (taobaoSandbox ? SANDBOX_DEFAULTS.taobao.adzones : '')),
    enabled: {
      taobao: !!(taobao.appKey && taobao.appSecret && taobao.pid),
      ud: !!(ud.appKey && ud.appSecret),
      jd: !!(jd.appKey && jd.appSecret && jd.siteId),
      pdd: !!(pdd.appKey && pdd.appSecret && pdd.pid),
    },
    usesSandbox: { taobao: taobaoSandbox, ud: udSandbox, jd: jdSandbox, pdd: pddSandbox },
    taobao,
    ud,
    jd,
    pdd,
    http: { timeoutMs: e.AFFILIATE_TIMEOUT_MS, retries: e.AFFILIATE_RETRIES },
  };
}

/** `3000101-3000103,3000200` → ['3000101', '3000102', '3000103', '3000200'] (at most 100 000 adzones). */
export function adzonePool(spec: string): string[] {
  const out: string[] = [];
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [a, b] = part.split('-').map((x) => x.trim());
    if (b === undefined) out.push(BigInt(a!).toString());
    else for (let n = BigInt(a!); n <= BigInt(b) && out.length < 100_000; n += 1n) out.push(n.toString());
    if (out.length >= 100_000) break;
  }
  return [...new Set(out)];
}

const REQUIRED: Record<AffiliateUnion, string> = {
  taobao: 'TAOBAO_APP_KEY、TAOBAO_APP_SECRET、TAOBAO_PID',
  ud: 'UD_APP_KEY、UD_APP_SECRET',
  jd: 'JD_APP_KEY、JD_APP_SECRET、JD_SITE_ID',
  pdd: 'PDD_APP_KEY、PDD_APP_SECRET、PDD_PID',
};

/** A union without credentials: each of its calls refuses, naming the settings it needs. */
function notConfigured(union: AffiliateUnion) {
  const refuse = () =>
    Promise.reject(new ConnectorError(union, 'refused', `${UNION_LABEL[union]}未配置：请设置 ${REQUIRED[union]}`, 'not_configured'));
  return refuse;
}

/**
 * One connector per union, all sharing the HTTP settings (and `fetchImpl`, for tests); `now` (epoch ms) is the clock
 * their signed timestamps read (the product's clock).
 */
export function createAffiliateConnectors(cfg: AffiliateConfig, fetchImpl?: FetchLike, now?: () => number): AffiliateConnectors {
  const http: HttpOptions = { ...cfg.http, fetchImpl };
  const taobao = createTaobaoConnector(cfg.enabled.taobao ? cfg.taobao : { ...cfg.taobao, pid: SANDBOX_DEFAULTS.taobao.pid }, http, now);
  const ud = createUdConnector(cfg.ud, http, now);
  const jd = createJdConnector(cfg.jd, http, now);
  const pdd = createPddConnector(cfg.pdd, http, now);
  return {
    taobao: cfg.enabled.taobao ? taobao : { ...taobao, convert: notConfigured('taobao'), pullOrders: notConfigured('taobao') },
    ud: cfg.enabled.ud
      ? ud
      : { ...ud, pullOrders: notConfigured('ud'), createMonitorUrls: notConfigured('ud'), postback: notConfigured('ud') },
    jd: cfg.enabled.jd ? jd : { ...jd, convert: notConfigured('jd'), pullOrders: notConfigured('jd') },
    pdd: cfg.enabled.pdd
      ? pdd
      : {
          ...pdd,
          convert: notConfigured('pdd'),
          pullOrders: notConfigured('pdd'),
          authority: notConfigured('pdd'),
          authorityUrl: notConfigured('pdd'),
        },
  };
}
