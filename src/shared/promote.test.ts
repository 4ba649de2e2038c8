import { describe, expect, it } from 'vitest';
import { LEVEL_NAMES, promoteLevel } from './ad-levels.ts';
import {
  adPlatformOf,
  levelOfType,
  MATERIAL_KINDS,
  materialKind,
  PROMOTE_CHANNELS,
  SUB_PLATFORMS,
  subPlatformsOf,
  typeOfLevel,
} from './promote.ts';

describe('sub-platforms of the platform menu (spec §1, §2)', () => {
  it('offers 流量通PRO always, 京东 except UC, 拼多多/淘宝小程序/京东CID for 巨量 only, UDSmart for 巨量/腾讯/快手', () => {
    expect(subPlatformsOf(2)).toEqual([2, 3, 5, 4, 8, 7]);
    expect(subPlatformsOf(4)).toEqual([2, 3, 7]);
    expect(subPlatformsOf(5)).toEqual([2, 3, 7]);
    expect(subPlatformsOf(8)).toEqual([2]);
    expect(subPlatformsOf(10)).toEqual([2, 3]);
  });
  it('names the six sub-platforms of spec §1', () => {
    expect(SUB_PLATFORMS).toEqual({ 2: '流量通PRO', 3: '京东', 4: '淘宝小程序', 5: '拼多多', 7: 'UDSmart', 8: '京东CID' });
  });
});

describe('the promote type mapping (spec §7)', () => {
  it('maps adver → advertiser, group → campaign, plan → plan, creative → creative', () => {
    expect(['adver', 'group', 'plan', 'creative'].map((t) => promoteLevel('juliang', t))).toEqual([
      'advertiser',
      'campaign',
      'plan',
      'creative',
    ]);
    expect(promoteLevel('kuaishou', 'group')).toBe('campaign');
    expect(promoteLevel('juliang', 'other')).toBe('');
  });
  it('maps 腾讯 campaign → adgroup and plan → creative', () => {
    expect(['adver', 'group', 'plan'].map((t) => promoteLevel('tengxun', t))).toEqual(['advertiser', 'adgroup', 'creative']);
  });
  it('takes types to storage levels and back', () => {
    expect(levelOfType('adver')).toBeNull();
    expect(levelOfType('group')).toBe('campaign');
    expect(typeOfLevel('campaign')).toBe('group');
    expect(typeOfLevel('creative')).toBe('creative');
  });
  it('knows every channel it serves and what each platform calls its levels', () => {
    expect(PROMOTE_CHANNELS.map(adPlatformOf)).toEqual(['juliang', 'weibo', 'tengxun', 'kuaishou', 'ucid', 'xiaohongshu']);
    expect(LEVEL_NAMES.xiaohongshu).toMatchObject({ campaign: '计划', plan: '单元' });
    expect(LEVEL_NAMES.tengxun.creative).toBe('');
  });
});

describe('material types (spec §3)', () => {
  it('has the nine kinds', () => {
    expect(Object.values(MATERIAL_KINDS)).toEqual([
      '竖版视频',
      '横版视频',
      '标题',
      '小图',
      '横版大图',
      '竖版大图',
      '搜索大图',
      '搜索小图',
      '其他',
    ]);
  });
  it("maps each platform's codes, unknown ones to 其他, none to ''", () => {
    expect(materialKind('juliang', 'CREATIVE_IMAGE_MODE_VIDEO_VERTICAL')).toBe('vertical_video');
    expect(materialKind('juliang', 'TOUTIAO_SEARCH_AD_IMAGE')).toBe('search_large_image');
    expect(materialKind('juliang', 'SEARCH_AD_SMALL_IMAGE')).toBe('search_small_image');
    expect(materialKind('juliang', 'MATERIAL_IMAGE_MODE_TITLE')).toBe('title');
    expect(materialKind('juliang', 'CREATIVE_IMAGE_MODE_GIF')).toBe('other');
    expect(materialKind('kuaishou', '2')).toBe('horizontal_video');
    expect(materialKind('tengxun', 'x')).toBe('other');
    expect(materialKind('juliang', '')).toBe('');
  });
});
