import type { AdPlatform } from '../../shared/ad-platforms.ts';

/**
 * What the demo seeder does in place of a person at a browser, over real HTTP against this server: log in,
 * ask for a consent URL, open the platform's consent page, tick an advertiser and approve (submitting the
 * page's own form), follow the redirect to `/auloading` and hand its code and state to the product; fill in
 * UC's credentials form. Plus the sandbox's admin API, which stands for the advertiser's work on the platform.
 */
interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export class DemoBrowser {
  private readonly base: string;
  private readonly publicBase: string;
  constructor(base: string, publicBase: string) {
    this.base = base.replace(/\/$/, '');
    this.publicBase = publicBase.replace(/\/$/, '');
  }

  /** A URL the product hands a browser (public base) → the same place on loopback. */
  private local(url: string): string {
    return url.startsWith(this.publicBase) ? this.base + url.slice(this.publicBase.length) : url;
  }

  async api<T>(path: string, body: unknown, token?: string): Promise<T> {
    const res = await fetch(this.base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    });
    const env = (await res.json()) as Envelope<T>;
    if (env.code !== 1) throw new Error(`${path}: ${env.msg}`);
    return env.data;
  }

  async admin<T = unknown>(platform: AdPlatform, path: string, body: unknown): Promise<T> {
    const res = await fetch(`${this.base}/sandbox/${platform}/_admin${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as T & { ok?: boolean; error?: string };
    if (json.ok !== true) throw new Error(`sandbox ${platform} ${path}: ${json.error ?? res.status}`);
    return json;
  }

  async login(email: string, password: string): Promise<string> {
    return (await this.api<{ jwt: string }>('/capi/api/user/login', { email, password })).jwt;
  }

  /** 授权 → the consent page → tick `advertiserId`, 同意授权 → `/auloading`'s callback. */
  async authoriseOAuth(token: string, platform: number, advertiserId: string, customerid?: number): Promise<void> {
    const start = await this.api<{ url: string }>('/capi/napi/auth/create', { platform, customerid }, token);
    const pageUrl = this.local(start.url);
    const page = await fetch(pageUrl);
    const html = await page.text();
    if (page.status !== 200) throw new Error(`consent page ${page.status}`);
    const form = new URLSearchParams();
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      form.append(m[1] ?? '', unescapeHtml(m[2] ?? ''));
    form.append('advertiser_id', advertiserId);
    form.append('decision', 'approve');
    const sent = await fetch(pageUrl, { method: 'POST', body: form, redirect: 'manual' });
    const location = sent.headers.get('location');
    if (sent.status !== 302 || !location) throw new Error(`consent decision ${sent.status}`);
    const back = new URL(location).searchParams;
    const code = back.get('auth_code') ?? back.get('authorization_code') ?? back.get('code') ?? undefined;
    await this.api('/capi/napi/auth/callback', { platform, state: back.get('state') ?? '', code }, token);
  }

  /** UC's form: username, password and API token, checked by the product against the platform. */
  async authoriseCredentials(
    token: string,
    form: { platform: number; customerid?: number; username: string; password: string; token: string },
  ): Promise<void> {
    await this.api('/capi/napi/auth/create', form, token);
  }
}

const unescapeHtml = (s: string): string => s.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));
