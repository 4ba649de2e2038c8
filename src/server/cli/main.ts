/**
 * Operator command line: `npm run cli -- <command> [options]`. Works on SQLite and PostgreSQL alike
 * (it reads the same environment as the server: DATA_DIR, DATABASE_URL …).
 */
import { parseArgs } from 'node:util';
import { deriveRole, roleLabel } from '../../shared/roles.ts';
import { chinaDate } from '../../shared/time.ts';
import { listUsers } from '../accounts/lookup.ts';
import { createUser, disableUserByEmail, setPasswordByEmail } from '../accounts/users.ts';
import { recentAudit } from '../audit/service.ts';
import { boot } from '../boot.ts';
import { ConfigError } from '../kernel/config.ts';
import { AppError } from '../kernel/errors.ts';
import { recentMessages } from '../mail/lookup.ts';
import { platformCheck } from './platform-check.ts';

const USAGE = `用法 (usage): npm run cli -- <command> [options]
  user:add --email E --password P --role R [--company C] [--agent AGENT_EMAIL]
            R: 1 超级管理员, 2 管理员, 3 广告主, 4 代理商, 5 UDSmart 管理员, 6 UDSmart 子账号
            --agent: 角色 3 时为代理商的子客户; 角色 6 时为 UDSmart 管理员的子账号
  user:list
  user:disable --email E
  user:passwd --email E --password P
  mail:list [--limit N]      发件箱 (outbox)
  audit:list [--limit N]     安全审计日志
  orders:sync                立即同步各联盟订单并发送到期的回传（与定时任务相同，一次）
  platform:check --platform P [--advertiser ID]
                             上线前检查广告平台 (live check): 用配置的应用与授权只读调用账户列表、各层级实体一页、一小时报表
                             P: juliang, tengxun, kuaishou, ucid, xiaohongshu, weibo`;

const options = {
  email: { type: 'string' },
  password: { type: 'string' },
  role: { type: 'string' },
  company: { type: 'string' },
  agent: { type: 'string' },
  limit: { type: 'string' },
  platform: { type: 'string' },
  advertiser: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function need(value: string | undefined, flag: string): string {
  if (!value) throw new AppError(4000, `缺少参数 --${flag}`);
  return value;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  const command = positionals[0];
  if (!command || values.help) {
    process.stdout.write(USAGE + '\n');
    return command ? 0 : 2;
  }
  const booted = await boot({ env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' } });
  const { deps } = booted;
  try {
    const limit = Number(values.limit ?? 20);
    switch (command) {
      case 'user:add': {
        const u = await createUser(deps, {
          email: need(values.email, 'email'),
          password: need(values.password, 'password'),
          role: Number(need(values.role, 'role')),
          company: values.company,
          parentEmail: values.agent,
        });
        process.stdout.write(`已创建 ${u.email} (id ${u.id}, 角色 ${deriveRole(u)} ${roleLabel[deriveRole(u)]})\n`);
        break;
      }
      case 'user:list':
        for (const u of await listUsers(deps.db)) {
          const role = deriveRole(u);
          const line = [
            u.id,
            u.email,
            `角色${role}`,
            roleLabel[role],
            u.status === 1 ? '启用' : '禁用',
            u.company,
            u.parent_id ? `上级${u.parent_id}` : '',
            u.expire_time ? `到期 ${chinaDate(u.expire_time)}` : '',
          ];
          process.stdout.write(line.filter((x) => x !== '').join('\t') + '\n');
        }
        break;
      case 'user:disable':
        process.stdout.write(`已禁用 ${(await disableUserByEmail(deps, need(values.email, 'email'))).email}，其登录已全部失效\n`);
        break;
      case 'user:passwd':
        process.stdout.write(
          `已重置 ${(await setPasswordByEmail(deps, need(values.email, 'email'), need(values.password, 'password'))).email} 的密码，其登录已全部失效\n`,
        );
        break;
      case 'mail:list':
        for (const m of await recentMessages(deps.db, limit)) {
          process.stdout.write(
            `#${m.id} ${new Date(m.created_at * 1000).toISOString()} [${m.status}] ${m.to_addr} ${m.subject}\n${m.text}\n\n`,
          );
        }
        break;
      case 'audit:list':
        for (const a of await recentAudit(deps.db, limit)) {
          process.stdout.write(`${new Date(a.at * 1000).toISOString()}\t${a.event}\t${a.email}\t${a.ip}\t${a.detail}\n`);
        }
        break;
      case 'orders:sync': {
        // the same jobs the scheduler runs (their leases keep a running server from doing them at the same time)
        for (const job of ['order-sync', 'order-postback']) {
          const r = await deps.jobs.run(job);
          process.stdout.write(`${job}: ${r.ran ? `${r.rows} 行${r.error ? `，${r.error}` : ''}` : '正在其他节点运行，稍后再试'}\n`);
        }
        break;
      }
      case 'platform:check':
        return await platformCheck(
          deps,
          process.env,
          { platform: values.platform, advertiser: values.advertiser },
          {
            write: (line) => process.stdout.write(`${line}\n`),
          },
        );
      default:
        process.stderr.write(`未知命令 ${command}\n${USAGE}\n`);
        return 2;
    }
    return 0;
  } finally {
    await booted.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof AppError || err instanceof ConfigError) process.stderr.write(`错误: ${err.message}\n`);
    else if (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))
      process.stderr.write(`错误: ${err.message}\n${USAGE}\n`);
    else process.stderr.write(`错误: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
