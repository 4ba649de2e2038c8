/** Setup of the `console` vitest project (happy-dom): unmount what a test rendered, and give PrimeReact a zh-CN locale. */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setupLocale } from '../../src/console/lib/locale.ts';

setupLocale();
afterEach(() => cleanup());
