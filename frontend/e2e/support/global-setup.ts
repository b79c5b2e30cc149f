import { access, constants } from 'node:fs/promises';
import { E2E } from './env';

const PROBE_TIMEOUT_MS = 5000;

/** Fails the run at once, with a clear message, when the browser or the stack is missing. */
export default async function globalSetup(): Promise<void> {
  try {
    await access(E2E.chromiumPath, constants.X_OK);
  } catch {
    throw new Error(
      `E2E: Chromium not found at ${E2E.chromiumPath}. Install Debian's package (apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH. Never run "npx playwright install".',
    );
  }

  try {
    const response = await fetch(`${E2E.baseUrl}/`, {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      redirect: 'manual',
    });
    // Any HTTP answer means something listens; the SPA itself must answer 200 at '/'.
    if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
  } catch (error) {
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    throw new Error(
      `E2E: the stack is unreachable at ${E2E.baseUrl} (${reason}). Start the gateway with the built frontend and ` +
        'the services first, or point E2E_BASE_URL at a running stack.',
    );
  }
}
