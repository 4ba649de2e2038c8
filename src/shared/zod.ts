import { z } from 'zod';

/** zod with Chinese default messages; every shared schema imports `z` from here. */
z.config(z.locales.zhCN());

export { z };
