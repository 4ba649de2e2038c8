import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { ACCESS } from '../../shared/access.ts';
import type { Contract } from '../../shared/api/contract.ts';
import { Code, defaultMessage } from '../../shared/codes.ts';
import { z } from '../../shared/zod.ts';
import type { AppEnv } from './env.ts';

const envelope = (data: z.ZodType) =>
  z.object({ code: z.number().int().meta({ description: '1 成功；其余见错误码表' }), msg: z.string(), data });

const codeTable = Object.values(Code)
  .map((c) => `| ${c} | ${defaultMessage[c]} |`)
  .join('\n');

function operation(c: Contract): ZodOpenApiOperationObject {
  const rule = ACCESS[c.access];
  const who = rule.roles === 'anyone' ? rule.label : `${rule.label}（角色 ${rule.roles.join('、')}）`;
  return {
    tags: [c.tag],
    summary: c.summary,
    description: `权限：\`${c.access}\` — ${who}`,
    ...(c.access === 'public' ? { security: [] } : {}),
    ...(c.method === 'GET'
      ? { requestParams: { query: c.input as z.ZodObject } }
      : { requestBody: { content: { 'application/json': { schema: c.input } } } }),
    responses: {
      200: {
        description: `成功（code 1${c.okMsg ? `，msg「${c.okMsg}」` : ''}）`,
        content: { 'application/json': { schema: envelope(c.output) } },
      },
      default: { description: '失败：code 非 1，msg 为可读的中文原因', content: { 'application/json': { schema: envelope(z.unknown()) } } },
    },
  };
}

/** The OpenAPI 3.1 document of every contract. */
export function openApiDocument(contracts: readonly Contract[]): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const c of contracts) paths[c.path] = { ...paths[c.path], [c.method.toLowerCase()]: operation(c) };
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: '投放管理平台 API',
      version: '1',
      description: `所有接口回答 \`{code, msg, data}\`。令牌放在 \`Authorization\` 头（登录接口返回的 jwt）。\n\n| code | 含义 |\n|---|---|\n${codeTable}`,
    },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    security: [{ token: [] }],
    paths,
  });
}

const PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>投放管理平台 API</title>
<link rel="stylesheet" href="/capi/docs/swagger-ui.css"></head>
<body><div id="api"></div><script src="/capi/docs/swagger-ui-bundle.js"></script>
<script>SwaggerUIBundle({ url: '/capi/openapi.json', dom_id: '#api', deepLinking: true });</script></body></html>`;

interface Asset {
  type: string;
  gz: Buffer;
}

/** `/capi/openapi.json` and a readable page of it at `/capi/docs` (Swagger UI served from our own node_modules). */
export function mountApiDocs(app: Hono<AppEnv>, contracts: readonly Contract[]): void {
  let doc: string | null = null;
  const assets = new Map<string, Asset>();
  const asset = (name: string, type: string): Asset => {
    let a = assets.get(name);
    if (!a) {
      const dir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
      a = { type, gz: gzipSync(readFileSync(path.join(dir, name))) };
      assets.set(name, a);
    }
    return a;
  };
  app.get('/capi/openapi.json', (c) => {
    doc ??= JSON.stringify(openApiDocument(contracts));
    return c.body(doc, 200, { 'content-type': 'application/json; charset=utf-8' });
  });
  app.get('/capi/docs', (c) => c.html(PAGE));
  for (const [name, type] of [
    ['swagger-ui.css', 'text/css'],
    ['swagger-ui-bundle.js', 'text/javascript'],
  ] as const) {
    app.get(`/capi/docs/${name}`, (c) => {
      const a = asset(name, type);
      return c.body(new Uint8Array(a.gz), 200, {
        'content-type': `${a.type}; charset=utf-8`,
        'content-encoding': 'gzip',
        'cache-control': 'public, max-age=86400',
      });
    });
  }
}
