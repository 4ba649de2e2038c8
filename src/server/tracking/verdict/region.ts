/**
 * Optional IP region data (issue 23, docs/api-tracking.md "Invalid traffic"): where the operator provides a MaxMind DB
 * file of the country format (IP_REGION_DB — GeoLite2/GeoIP2 Country or City, DB-IP's country lite: every record has
 * `country.iso_code`, MaxMind-DB-spec.md and the GeoIP2 schema), a device IP located in a country outside the ones
 * ads are delivered to (IP_REGION_ALLOW, default CN) is `foreign_ip`. Read with `maxmind` (the reference Node reader,
 * npm maxmind 5 over mmdb-lib; it decodes records through an LRU cache). Unset: no file is read and nothing is judged.
 *
 * Never judged: an internal address (ip.ts), an address the database does not know, or a record without a country
 * (anonymous proxies and satellite providers carry only a registered country): no evidence, the click stays valid.
 */
import { type CountryResponse, open, type Reader } from 'maxmind';
import { ConfigError } from '../../kernel/config.ts';
import { deviceAddress } from './ip.ts';

/** Records decoded and kept by the reader (its own LRU, by record offset: a country DB has a few hundred records). */
const DECODED_CACHE = 5000;

export class IpRegion {
  private readonly reader: Reader<CountryResponse>;
  private readonly allow: ReadonlySet<string>;

  constructor(reader: Reader<CountryResponse>, allow: readonly string[]) {
    this.reader = reader;
    this.allow = new Set(allow.map((c) => c.toUpperCase()));
  }

  /** The database's type and build time, for the start log. */
  get description(): { type: string; builtAt: string } {
    return { type: this.reader.metadata.databaseType, builtAt: this.reader.metadata.buildEpoch.toISOString() };
  }

  /** The ISO country code of a device IP ('' = internal, unknown or without a country). Never throws. */
  country(ip: string): string {
    const addr = deviceAddress(ip);
    if (!addr) return '';
    try {
      return this.reader.get(addr)?.country?.iso_code ?? '';
    } catch {
      return '';
    }
  }

  /** A device IP located outside the countries ads are delivered to. */
  foreign(ip: string): boolean {
    const code = this.country(ip);
    return code !== '' && !this.allow.has(code);
  }
}

/** Open the file (read whole into memory); a missing, unreadable or corrupt one is a ConfigError naming the setting (start only). */
export async function openIpRegion(file: string, allow: readonly string[]): Promise<IpRegion> {
  const fail = (why: string) =>
    new ConfigError(
      `Invalid configuration:\n  IP_REGION_DB=${JSON.stringify(file)}: ${why}（IP 地区库无法使用；不需要地区判断时请删除此设置）`,
    );
  try {
    return new IpRegion(await open<CountryResponse>(file, { cache: { max: DECODED_CACHE } }), allow);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw fail('文件不存在');
    if (code === 'EISDIR') throw fail('这是一个目录，不是 .mmdb 文件');
    if (code) throw fail(`无法读取（${code}）`);
    throw fail(`不是有效的 MaxMind DB（.mmdb）文件：${(err as Error).message}`);
  }
}
