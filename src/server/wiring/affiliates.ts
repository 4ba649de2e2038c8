/**
 * Process wiring of the affiliate unions: which provider answers for each union. Until the union connectors are
 * wired here (when configured), the deterministic in-process sandbox answers for all three. `boot()` asks this
 * file; nothing else in the product knows the sandbox exists.
 */
import type { AffiliateRegistry } from '../affiliate/provider.ts';
import { sandboxAffiliate } from '../sandbox/affiliate.ts';

export const affiliateRegistry = (): AffiliateRegistry => ({ 2: sandboxAffiliate, 3: sandboxAffiliate, 5: sandboxAffiliate });
