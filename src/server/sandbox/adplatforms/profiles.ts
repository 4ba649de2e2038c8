/**
 * What the sandbox knows about each platform besides its wire protocol: display name, channel code (for
 * the monitor macros of `src/shared/macros.ts`), id shapes (each platform's real id lengths, so a connector
 * that rounds 19-digit ids fails here), default token lifetimes, and what the platform appends to landing
 * pages. The protocol itself lives in one file per platform (`juliang.ts`, …).
 */
import { AD_PLATFORMS, type AdPlatform } from '../../../shared/ad-platforms.ts';

export type Level = 'campaign' | 'plan' | 'creative';
export type IdKind = 'advertiser' | Level;

export interface PlatformProfile {
  platform: AdPlatform;
  title: string;
  channel: number;
  /** Prefix + total digits of generated ids. */
  ids: Record<IdKind, { prefix: string; digits: number }>;
  /** Seconds: access token, refresh token, authorisation code. */
  ttl: { access: number; refresh: number; code: number };
  /** The query parameter carrying the click id on landing-page visits. */
  landingParam: string;
  /** Level names on the platform's own screens (consent page, admin dumps). */
  levelNames: Record<Level, string>;
}

const day = 86400;
export const PROFILES: Record<AdPlatform, PlatformProfile> = {
  juliang: {
    platform: 'juliang',
    title: '巨量引擎',
    channel: AD_PLATFORMS.juliang,
    ids: {
      advertiser: { prefix: '17', digits: 16 },
      campaign: { prefix: '17', digits: 16 },
      plan: { prefix: '73', digits: 19 },
      creative: { prefix: '73', digits: 19 },
    },
    ttl: { access: day - 1, refresh: 30 * day, code: 600 },
    landingParam: 'clickid',
    levelNames: { campaign: '广告组', plan: '广告计划', creative: '创意' },
  },
  tengxun: {
    platform: 'tengxun',
    title: '腾讯广告',
    channel: AD_PLATFORMS.tengxun,
    ids: {
      advertiser: { prefix: '2', digits: 8 },
      campaign: { prefix: '9', digits: 11 },
      plan: { prefix: '6', digits: 11 },
      creative: { prefix: '6', digits: 11 },
    },
    ttl: { access: day, refresh: 30 * day, code: 600 },
    landingParam: 'gdt_vid',
    levelNames: { campaign: '广告', plan: '创意', creative: '创意' },
  },
  kuaishou: {
    platform: 'kuaishou',
    title: '磁力引擎',
    channel: AD_PLATFORMS.kuaishou,
    ids: {
      advertiser: { prefix: '1', digits: 8 },
      campaign: { prefix: '3', digits: 10 },
      plan: { prefix: '5', digits: 10 },
      creative: { prefix: '4', digits: 11 },
    },
    ttl: { access: day, refresh: 30 * day, code: 600 },
    landingParam: 'callback',
    levelNames: { campaign: '广告计划', plan: '广告组', creative: '广告创意' },
  },
  xiaohongshu: {
    platform: 'xiaohongshu',
    title: '小红书聚光',
    channel: AD_PLATFORMS.xiaohongshu,
    ids: {
      advertiser: { prefix: '5', digits: 7 },
      campaign: { prefix: '8', digits: 9 },
      plan: { prefix: '9', digits: 9 },
      creative: { prefix: '2', digits: 10 },
    },
    ttl: { access: day, refresh: 30 * day, code: 600 },
    landingParam: 'clickid',
    levelNames: { campaign: '计划', plan: '单元', creative: '创意' },
  },
  ucid: {
    platform: 'ucid',
    title: 'UC 汇川',
    channel: AD_PLATFORMS.ucid,
    ids: {
      advertiser: { prefix: '3', digits: 8 },
      campaign: { prefix: '1', digits: 9 },
      plan: { prefix: '2', digits: 9 },
      creative: { prefix: '7', digits: 10 },
    },
    ttl: { access: 0, refresh: 0, code: 0 },
    landingParam: 'uctrackid',
    levelNames: { campaign: '推广组', plan: '推广计划', creative: '创意' },
  },
  weibo: {
    platform: 'weibo',
    title: '微博超级粉丝通',
    channel: AD_PLATFORMS.weibo,
    ids: {
      advertiser: { prefix: '6', digits: 10 },
      campaign: { prefix: '46', digits: 16 },
      plan: { prefix: '47', digits: 16 },
      creative: { prefix: '48', digits: 16 },
    },
    ttl: { access: day, refresh: 90 * day, code: 600 },
    landingParam: 'mark_id',
    levelNames: { campaign: '广告系列', plan: '广告', creative: '创意' },
  },
};
