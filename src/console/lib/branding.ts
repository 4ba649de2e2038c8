import useSWR from 'swr';

/** Product branding per domain, from the static /branding.json (spec §2 Shell). */
export interface Branding {
  product: string;
  company: string;
  copyright: string;
  logo: string;
  /** ICP filing number and public-security filing number for the domain */
  icp: string;
  police: string;
}

interface BrandingFile {
  default: Branding;
  domains: Record<string, Partial<Branding>>;
}

export const fallbackBranding: Branding = { product: '投放管理平台', company: '', copyright: '', logo: '/logo.svg', icp: '', police: '' };

/** Pick the entry for `host` (exact, then parent domains), over the defaults. */
export function brandingFor(file: BrandingFile, host: string): Branding {
  const parts = host.toLowerCase().split('.');
  for (let i = 0; i < parts.length - 1; i++) {
    const hit = file.domains[parts.slice(i).join('.')];
    if (hit) return { ...file.default, ...hit };
  }
  return file.default;
}

const fetchBranding = async (url: string): Promise<Branding> => {
  const res = await fetch(url);
  if (!res.ok) return fallbackBranding;
  return brandingFor((await res.json()) as BrandingFile, location.hostname);
};

export function useBranding(): Branding {
  const { data } = useSWR('/branding.json', fetchBranding, { revalidateOnMount: true, dedupingInterval: 3_600_000 });
  return data ?? fallbackBranding;
}
