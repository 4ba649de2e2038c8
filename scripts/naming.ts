import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * One file naming convention (CONTRIBUTING.md): folders kebab-case; React components and Astro layouts
 * PascalCase.tsx/.astro; hooks useThing.ts; every other module kebab-case (`links/service.ts`,
 * `http/rate-limit.ts`); tests beside with `.test.ts(x)`. Astro route files keep their route's spelling.
 */
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const PASCAL = /^[A-Z][A-Za-z0-9]*$/;
const HOOK = /^use[A-Z][A-Za-z0-9]*$/;

function problemOf(rel: string, isDir: boolean): string | null {
  const name = path.basename(rel);
  if (rel.startsWith('src/pages/') || name === 'README.md') return null;
  if (/^src\/server\/db\/migrations\/\d{4}_[a-z0-9_]+\.ts$/.test(rel)) return null;
  if (isDir) return KEBAB.test(name) ? null : `${rel}/: folders are kebab-case`;
  const stem = name.replace(/(\.test|\.spec|\.d)?\.(tsx?|astro|css|cjs|mjs|md|json|sh|mmdb)$/, '');
  if (name.endsWith('.tsx') || name.endsWith('.astro'))
    return PASCAL.test(stem) || HOOK.test(stem) || KEBAB.test(stem) ? null : `${rel}: components are PascalCase`;
  if (HOOK.test(stem)) return null;
  return KEBAB.test(stem) ? null : `${rel}: modules are kebab-case`;
}

export function namingProblems(root: string, dirs = ['src', 'tests', 'scripts', 'bench']): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(root, rel))) {
      const child = `${rel}/${name}`;
      const isDir = statSync(path.join(root, child)).isDirectory();
      const p = problemOf(child, isDir);
      if (p) out.push(p);
      if (isDir) walk(child);
    }
  };
  for (const d of dirs) walk(d);
  return out;
}
