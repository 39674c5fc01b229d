import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { repoRoot } from '../../src/paths';
import { startTestApi, type TestAccount } from './harness';

/**
 * Browser tests of the web console (docs/console.md): Playwright (playwright-core, no browser
 * download) driving Debian's Chromium against the real API on a free port, Neo4j and Redis.
 */

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Debian's Chromium, installed with apt-get when missing (CI runs as root). */
export function chromiumPath(): string {
  const found = () => CHROMIUM_CANDIDATES.find((p) => fs.existsSync(p));
  const present = found();
  if (present !== undefined) return present;
  const apt = (args: string[]) =>
    spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (apt(['install', '-y', '--no-install-recommends', 'chromium']).status !== 0) {
    apt(['update']);
    apt(['install', '-y', '--no-install-recommends', 'chromium']);
  }
  const installed = found();
  if (installed === undefined)
    throw new Error('Chromium is missing and `apt-get install chromium` did not install it');
  return installed;
}

/** Builds the console when its sources are newer than dist/console (as npm start does). */
export function ensureConsoleBuilt(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { buildConsoleIfNeeded } = require(
    path.join(repoRoot, 'scripts', 'build-if-needed.js'),
  ) as {
    buildConsoleIfNeeded: (log: (line: string) => void) => void;
  };
  buildConsoleIfNeeded(() => undefined);
}

export interface ConsoleRig {
  url: string;
  browser: Browser;
  /** A fresh browser context (its own session storage) with a page on it. */
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * A started API (its composition root, local mode, finalize in process) serving the built
 * console, and a headless Chromium. One per suite.
 */
export async function startConsoleRig(env: Record<string, string> = {}): Promise<ConsoleRig> {
  ensureConsoleBuilt();
  const executablePath = chromiumPath();
  const api = await startTestApi(env);
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  return {
    url: api.url,
    browser,
    newPage: async () => {
      // bypassCSP: the accessibility check injects axe-core, which the console's policy refuses.
      const context = await browser.newContext({
        baseURL: api.url,
        viewport: { width: 1280, height: 800 },
        bypassCSP: true,
      });
      context.setDefaultTimeout(20_000);
      return { context, page: await context.newPage() };
    },
    close: async () => {
      await browser.close();
      await api.close();
    },
  };
}

/**
 * The suite's rig, started in its before() hook and closed in its after(): call inside a
 * describe. The object stands for the rig the hook started.
 */
export function useConsoleRig(env: Record<string, string> = {}): ConsoleRig {
  let started: ConsoleRig | undefined;
  before(async () => {
    started = await startConsoleRig(env);
  });
  after(async () => {
    await started?.close();
  });
  const rig = (): ConsoleRig => {
    if (started === undefined) throw new Error('The console rig starts in the before() hook');
    return started;
  };
  return {
    get url() {
      return rig().url;
    },
    get browser() {
      return rig().browser;
    },
    newPage: () => rig().newPage(),
    close: () => rig().close(),
  };
}

/** Signs in through the sign-in screen and waits for the shell. */
export async function signIn(
  page: Page,
  account: TestAccount,
  next = '/console/query',
): Promise<void> {
  await page.goto(next);
  await page.waitForURL(/\/console\/sign-in/);
  await page.getByLabel('Account id').fill(account.accountId);
  await page.getByLabel('API key').fill(account.key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Screens' }).waitFor();
}

type AxeResult = {
  violations: Array<{ id: string; impact: string | null; help: string; nodes: unknown[] }>;
};

/** axe-core on the page as it is: no serious or critical violation of WCAG 2.1 A/AA. */
export async function assertAccessible(page: Page, label: string): Promise<void> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  // A string: it runs in the page, whose globals (window.axe, document) Node's types do not know.
  const result = await page.evaluate<AxeResult>(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })`,
  );
  const serious = result.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  assert.deepEqual(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length} nodes)`),
    [],
    `accessibility of ${label}`,
  );
}

/**
 * Where the screenshots go: .tmp/console-screenshots, or CONSOLE_SCREENSHOTS_DIR
 * (`npm run docs:screenshots` points it at docs/console/screenshots, which docs/console.md shows).
 */
export function screenshotDir(): string {
  const dir =
    process.env.CONSOLE_SCREENSHOTS_DIR ?? path.join(repoRoot, '.tmp', 'console-screenshots');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** A screenshot of the whole page, named for the screen (e.g. `query`). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshotDir(), `${name}.png`), fullPage: true });
}
