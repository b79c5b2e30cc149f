import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: Chromium (playwright-core, the system browser) against the running
 * stack at E2E_BASE_URL. Files run one after another: they share one backend.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./e2e/support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    maxWorkers: 1,
    bail: 0,
  },
});
