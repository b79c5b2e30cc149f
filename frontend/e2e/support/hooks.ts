import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, newPage } from './browser';

/** One browser for the test file and a fresh page (own storage) for each test. */
export interface BrowserSession {
  readonly browser: Browser;
  readonly page: Page;
}

/** Registers the hooks that open and close the session's browser and pages. */
export function browserSession(viewport?: { width: number; height: number }): BrowserSession {
  let browser: Browser | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    page = await newPage(session.browser, viewport);
  });
  afterEach(async () => {
    await page?.context().close();
    page = undefined;
  });

  const session: BrowserSession = {
    get browser() {
      if (!browser) throw new Error('the browser is open only while the file runs');
      return browser;
    },
    get page() {
      if (!page) throw new Error('a page is open only while a test runs');
      return page;
    },
  };
  return session;
}

/**
 * Records the names of the things a test makes through the UI; after each test, whatever
 * of them is still there is found and removed, so a failed test leaves nothing behind.
 * Returns the recorder, which passes the name through.
 */
export function removeAfterEach(
  token: () => string,
  find: (token: string, name: string) => Promise<{ id: string } | undefined>,
  remove: (token: string, id: string) => Promise<void>,
): (name: string) => string {
  let made: string[] = [];
  afterEach(async () => {
    const names = made;
    made = [];
    for (const name of names) {
      const leftover = await find(token(), name).catch(() => undefined);
      if (leftover) await remove(token(), leftover.id);
    }
  });
  return (name) => {
    made.push(name);
    return name;
  };
}
