import { fileURLToPath } from 'node:url';

/** The repository root (…/main/). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const WEB_SRC = `${REPO_ROOT}packages/web/src/`;
/** Screenshots of key states, for review (gitignored). */
export const ARTIFACTS_DIR = `${REPO_ROOT}.artifacts/e2e/`;
