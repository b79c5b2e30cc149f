/** Settings of the end-to-end run, from the environment. */
export const E2E = {
  baseUrl: (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, ''),
  adminUserName: process.env.E2E_ADMIN_USERNAME ?? 'admin',
  adminPassword: process.env.E2E_ADMIN_PASSWORD ?? 'Admin@123',
  chromiumPath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  /** The mail catcher's web address (maildev), set by scripts/e2e.sh. */
  mailUrl: (process.env.E2E_MAIL_URL ?? '').replace(/\/+$/, ''),
  /** Set E2E_HEADED=1 to watch the browser (needs a display). */
  headless: process.env.E2E_HEADED !== '1',
} as const;

export function url(path: string): string {
  return `${E2E.baseUrl}${path}`;
}

const SERVICE_PORT_OFFSET = { identity: 1, system: 2, retailstore: 3, paymentprovider: 4 } as const;

/**
 * A service's own address, bypassing the gateway: the local stack puts each service on
 * the gateway's port plus a fixed offset (scripts/stack.sh).
 */
export function serviceUrl(service: keyof typeof SERVICE_PORT_OFFSET, path: string): string {
  const base = new URL(E2E.baseUrl);
  base.port = String(Number(base.port || 80) + SERVICE_PORT_OFFSET[service]);
  return `${base.origin}${path}`;
}
