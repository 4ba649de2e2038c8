import {
  certificateInput,
  certificateView,
  exportCreateInput,
  exportIdInput,
  exportIndexInput,
  exportLink,
  exportView,
  fullInput,
  kindView,
  templateCreateInput,
  templateIdInput,
  templateIndexInput,
  templateUpdateInput,
  templateView,
} from '../exports.ts';
import { pagedList } from '../paging.ts';
import { z } from '../zod.ts';
import { contract } from './contract.ts';

/** Spec §7 `/napi/exporttemplate/*` (export templates), the exports themselves, and `/api/oss/certificate`. */
const tag = '导出';

export const templateIndex = contract({
  path: '/capi/napi/exporttemplate/index',
  method: 'POST',
  access: 'signedIn',
  tag,
  summary: '我的导出模板（可按数据类型筛选）',
  input: templateIndexInput,
  output: pagedList(templateView),
});
export const templateCreate = contract({
  path: '/capi/napi/exporttemplate/create',
  method: 'POST',
  access: 'signedIn',
  tag,
  okMsg: '创建成功',
  summary: '新建导出模板：名称、数据类型和按顺序选择的列',
  input: templateCreateInput,
  output: templateView,
});
export const templateUpdate = contract({
  path: '/capi/napi/exporttemplate/update',
  method: 'POST',
  access: 'signedIn',
  tag,
  okMsg: '保存成功',
  summary: '修改导出模板的名称或列（只改传入的字段）',
  input: templateUpdateInput,
  output: templateView,
});
export const templateDelete = contract({
  path: '/capi/napi/exporttemplate/delete',
  method: 'POST',
  access: 'signedIn',
  tag,
  okMsg: '删除成功',
  summary: '删除导出模板',
  input: templateIdInput,
  output: z.null(),
});
export const templateFull = contract({
  path: '/capi/napi/exporttemplate/full',
  method: 'POST',
  access: 'signedIn',
  tag,
  summary: '可导出的数据类型及每种的全部列（中文表头、类型），只含当前账号可用的类型',
  input: fullInput,
  output: z.array(kindView),
});

export const exportCreate = contract({
  path: '/capi/napi/export/create',
  method: 'POST',
  access: 'signedIn',
  tag,
  okMsg: '导出已开始',
  summary: '按当前筛选条件和模板导出 XLSX 或 CSV：行数少时当场生成（state=done），否则排队由后台任务生成并报告进度',
  input: exportCreateInput,
  output: exportView,
});
export const exportIndex = contract({
  path: '/capi/napi/export/index',
  method: 'POST',
  access: 'signedIn',
  tag,
  summary: '我的导出记录（最新在前），含进度',
  input: exportIndexInput,
  output: pagedList(exportView),
});
export const exportStatus = contract({
  path: '/capi/napi/export/status',
  method: 'POST',
  access: 'signedIn',
  tag,
  summary: '一次导出的状态与进度（已导出行数 / 总行数、百分比）',
  input: exportIdInput,
  output: exportView,
});
export const exportLinkGet = contract({
  path: '/capi/napi/export/link',
  method: 'POST',
  access: 'signedIn',
  tag,
  summary: '已完成导出的下载链接（签名、限时，仅本人或管理员）',
  input: exportIdInput,
  output: exportLink,
});

export const ossCertificate = contract({
  path: '/capi/api/oss/certificate',
  method: 'GET',
  access: 'signedIn',
  tag: '文件上传',
  summary: '对象存储上传凭证：短时有效、限定目录与大小，表单直传到 host',
  input: certificateInput,
  output: certificateView,
});

export const exportContracts = [
  templateIndex,
  templateCreate,
  templateUpdate,
  templateDelete,
  templateFull,
  exportCreate,
  exportIndex,
  exportStatus,
  exportLinkGet,
  ossCertificate,
];
