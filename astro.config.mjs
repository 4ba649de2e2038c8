// @ts-check

import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// The console is one client-only React island; public pages are server-rendered with no framework runtime.
// Our own server (src/server/main.ts) owns the port and hands Astro every request the API does not take.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  server: { host: '127.0.0.1', port: 4321 },
  security: { checkOrigin: true },
  devToolbar: { enabled: false },
});
