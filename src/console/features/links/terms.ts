/**
 * One name per thing (the label table of the links feature, docs/glossary.md): a promotion link is 推广链接 in
 * every version (spec §1 "promotion links"); the list screens keep their spec §2 titles. Every heading, menu
 * entry, dialog and message of the feature takes its words from here.
 */
export type LinkVariant = 'ver2' | 'old' | 'mini' | 'admin';

export interface LinkTerms {
  /** what one link is called */
  term: string;
  /** the list screen's title (menu, breadcrumb, heading) */
  listTitle: string;
  /** the detail route's title (spec §2: 订单 in ver2 and admin, 详情 in the old version) */
  detailTitle: string;
}

export const LINK_TERMS: Record<LinkVariant, LinkTerms> = {
  ver2: { term: '推广链接', listTitle: '推广链接', detailTitle: '订单' },
  admin: { term: '推广链接', listTitle: '推广链接', detailTitle: '订单' },
  old: { term: '推广链接', listTitle: '推广链接管理', detailTitle: '详情' },
  mini: { term: '推广链接', listTitle: '新链接链接管理', detailTitle: '详情' },
};

/** The words of dialogs and messages for one variant. */
export function linkWords(variant: LinkVariant) {
  const { term } = LINK_TERMS[variant];
  return {
    term,
    create: `新建${term}`,
    edit: (pageid: string) => `编辑${term} ${pageid}`,
    heading: (pageid: string) => `${term} ${pageid}`,
    remove: `删除${term}`,
    removeQuestion: (pageid: string) => `确定删除${term} ${pageid} 吗？删除后落地页和监测链接将失效。`,
    back: `返回${LINK_TERMS[variant].listTitle}`,
  };
}
