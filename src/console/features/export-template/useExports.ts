import type { SWRResponse } from 'swr';
import type { OutputOf } from '../../../shared/api/contract.ts';
import * as api from '../../../shared/api/exports.ts';
import type { ExportFormat, ExportView } from '../../../shared/exports.ts';
import { type ApiError, call } from '../../lib/api.ts';
import { startDownload } from '../../lib/download.ts';
import { invalidate, useQuery } from '../../lib/useApi.ts';

type Read<C extends Parameters<typeof useQuery>[0]> = SWRResponse<OutputOf<C>, ApiError>;

/** The export kinds the signed-in user may export, with every column (`exporttemplate/full`). */
export const useKinds = (): Read<typeof api.templateFull> => useQuery(api.templateFull, {}, { revalidateIfStale: false });

export const useTemplates = (kind: string | null, page = 1, pagesize = 100): Read<typeof api.templateIndex> =>
  useQuery(api.templateIndex, { ...(kind ? { kind } : {}), page, pagesize }, { keepPreviousData: true });

const unfinished = (list: readonly ExportView[] | undefined): boolean => !!list?.some((e) => e.state === 'queued' || e.state === 'running');

/** The user's exports; refreshed every 1.5 s while one is still being written. */
export const useExportList = (page: number, pagesize: number): Read<typeof api.exportIndex> =>
  useQuery(api.exportIndex, { page, pagesize }, { keepPreviousData: true, refreshInterval: (d) => (unfinished(d?.list) ? 1500 : 0) });

/** One export's progress, polled every second until it is done or failed. */
export const useExportStatus = (id: number | null): Read<typeof api.exportStatus> =>
  useQuery(api.exportStatus, id === null ? null : { id }, {
    refreshInterval: (d) => (d && (d.state === 'queued' || d.state === 'running') ? 1000 : 0),
  });

export async function saveTemplate(body: { id?: number; name: string; kind: string; columns: string[] }): Promise<void> {
  if (body.id) await call(api.templateUpdate, { id: body.id, name: body.name, columns: body.columns }, { silent: true });
  else await call(api.templateCreate, { name: body.name, kind: body.kind, columns: body.columns }, { silent: true });
  await invalidate(api.templateIndex);
}

export async function deleteTemplate(id: number): Promise<void> {
  await call(api.templateDelete, { id });
  await invalidate(api.templateIndex);
}

export async function createExport(body: {
  kind: string;
  format: ExportFormat;
  template_id: number;
  filters: Record<string, unknown>;
}): Promise<ExportView> {
  const job = await call(api.exportCreate, body);
  await invalidate(api.exportIndex);
  return job;
}

/** Ask for a fresh signed link and hand the file to the browser. */
export async function downloadExport(id: number): Promise<void> {
  const link = await call(api.exportLinkGet, { id });
  startDownload(link.url, link.filename);
}
