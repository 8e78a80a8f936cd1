import { fileURLToPath } from 'node:url';

/** The installed package's folder (this file runs as dist/src/package-root.js). */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
