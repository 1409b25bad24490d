import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { CaughtMail } from './harness/smtp-sink';

export const TOKEN_KEY = 'agroselo.token';
export const DEMO_PASSWORD = 'agroselo123';
export const demo = {
  admin: 'admin@agroselo.local',
  technician: 'tecnico@agroselo.local',
  owner: 'produtor@agroselo.local',
  /** Marta Bianchi: Lagoa Mirim (certified, able to renew) and Banhado do Taim (suspended). */
  secondOwner: 'marta.bianchi@agroselo.local',
} as const;
export type DemoRole = keyof typeof demo;

/**
 * One sign-in per demo account and worker: each costs the server an argon2 hash, and nothing in
 * the journeys ends a demo account's session on the server (logging out only forgets the token).
 */
const demoTokens = new Map<DemoRole, Promise<string>>();

/** A token of the demo's account of `role`, for steps a journey takes through the API. */
export function tokenOf(request: APIRequestContext, role: DemoRole): Promise<string> {
  let token = demoTokens.get(role);
  if (!token) {
    token = (async () => {
      const response = await request.post('/api/auth/token', {
        form: { username: demo[role], password: DEMO_PASSWORD },
      });
      expect(response.ok(), await response.text()).toBe(true);
      return ((await response.json()) as { access_token: string }).access_token;
    })();
    // A failed sign-in is not kept: the next test asks again.
    token.catch(() => demoTokens.delete(role));
    demoTokens.set(role, token);
  }
  return token;
}

/**
 * The same browser page as someone else (`null`: a visitor, signed out): their token stored, then
 * `url` loaded, its bundle already in the page's cache, unlike a new browser's first page.
 */
export async function switchTo(page: Page, token: string | null, url: string) {
  await page.evaluate(
    ([key, value]) =>
      value === null
        ? window.localStorage.removeItem(key)
        : window.localStorage.setItem(key, value),
    [TOKEN_KEY, token] as const,
  );
  await page.goto(url);
}

/**
 * The landing, once its seals are in: they come with the app, after the prerendered page has been
 * painted, and move its footer down, so a footer link clicked before them can miss.
 */
export async function openLanding(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /^Solicitar / }).first()).toBeVisible();
}

export const widths = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

/** The data of a sign-up; every journey gets a fresh address, as they share one server. */
export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  cpf: string;
  phone: string;
}

let accounts = 0;
/** An address no earlier run of the journeys on this server has used. */
export function uniqueEmail(prefix: string): string {
  accounts += 1;
  return `${prefix}.${Date.now()}.${accounts}@agroselo.test`;
}

export function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  return {
    email: uniqueEmail('produtor'),
    password: 'senha-forte-123',
    firstName: 'Ana',
    lastName: 'Lima',
    cpf: '52998224725',
    phone: '53999998888',
    ...overrides,
  };
}

/** The 6-digit code of a verification e-mail. */
export function verificationCodeIn(text: string): string {
  const code = /código de verificação AgroSelo é: (\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`no verification code in:\n${text}`);
  return code;
}

/**
 * The rules axe itself rates minor or moderate: a violation of one takes its rule's impact, so it
 * can never fail the check below, and leaving them out shortens every run.
 */
const BELOW_SERIOUS = (
  axe as unknown as { _audit: { rules: { id: string; impact?: string }[] } }
)._audit.rules
  .filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate')
  .map((rule) => rule.id);

interface Fixtures {
  /** Signs in through the API and stores the token as a remembered session, without the UI. */
  loginAs(role: DemoRole): Promise<string>;
  /**
   * Creates an account through the API (and, with `verify`, confirms it with the code the
   * SMTP sink caught). Resolves with the account and a token of it.
   */
  signUp(options?: { verify?: boolean; account?: Partial<NewAccount> }): Promise<{
    account: NewAccount;
    token: string;
  }>;
  /**
   * Keeps `token` as a remembered session of this page, once: unlike loginAs, a later change
   * of the token by the app (an e-mail change) or a logout is not undone on the next load.
   */
  signInWith(token: string): Promise<void>;
  /** Reads what the SMTP sink caught for an address, waiting for it to arrive. */
  mailbox: { waitFor(to: string, since?: Date): Promise<CaughtMail> };
  /**
   * Saves a screenshot of what the screen shows under test-results/screens/<name>.png; with
   * `fullPage`, of the whole page (several times slower on a long page).
   */
  snap(name: string, target?: Page, options?: { fullPage?: boolean }): Promise<void>;
  /** Fails on serious or critical accessibility violations of the current page. */
  expectAccessible(target?: Page): Promise<void>;
}

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: the harness global setup did not run');
    await use(url);
  },

  loginAs: async ({ page, request }, use) => {
    await use(async (role) => {
      const token = await tokenOf(request, role);
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        TOKEN_KEY,
        token,
      ] as const);
      return token;
    });
  },

  signUp: async ({ request, mailbox }, use) => {
    await use(async ({ verify = false, account: overrides } = {}) => {
      const account = newAccount(overrides);
      const since = new Date();
      const created = await request.post('/api/auth/register', {
        multipart: {
          email: account.email,
          first_name: account.firstName,
          last_name: account.lastName,
          cpf: account.cpf,
          phone: account.phone,
          password: account.password,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const login = await request.post('/api/auth/token', {
        form: { username: account.email, password: account.password },
      });
      expect(login.ok(), await login.text()).toBe(true);
      const { access_token: token } = (await login.json()) as { access_token: string };
      if (verify) {
        const mail = await mailbox.waitFor(account.email, since);
        const activated = await request.post('/api/auth/activate', {
          headers: { Authorization: `Bearer ${token}` },
          multipart: { code: verificationCodeIn(mail.text) },
        });
        expect(activated.ok(), await activated.text()).toBe(true);
      }
      return { account, token };
    });
  },

  signInWith: async ({ page }, use) => {
    await use(async (token) => {
      // Stored by the tab's first document of the app, without a navigation of its own; the mark
      // in the tab's sessionStorage keeps later loads from storing it again.
      await page.addInitScript(
        ([key, value, mark]) => {
          if (window.location.protocol === 'about:' || window.sessionStorage.getItem(mark)) return;
          window.sessionStorage.setItem(mark, '1');
          window.localStorage.setItem(key, value);
        },
        [TOKEN_KEY, token, 'agroselo.e2e.signed-in'] as const,
      );
    });
  },

  mailbox: async ({}, use) => {
    const dir = process.env.E2E_MAIL_DIR;
    if (!dir) throw new Error('E2E_MAIL_DIR is not set');
    await use({
      async waitFor(to, since = new Date(0)) {
        const address = to.toLowerCase();
        let found: CaughtMail | undefined;
        await expect
          .poll(
            async () => {
              // Newest first (harness/smtp-sink.ts names each `<Date.now()>-<n>.json` once its
              // receivedAt is set): the first file older than `since` ends the search, so a poll
              // reads the mail sent since then, not the whole run's.
              const files = (await readdir(dir)).sort().reverse();
              for (const file of files) {
                if (Number(file.split('-')[0]) < since.getTime()) break;
                const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as CaughtMail;
                if (mail.to.includes(address) && new Date(mail.receivedAt) >= since) {
                  found = mail;
                  return true;
                }
              }
              return false;
            },
            // The sink writes a message within a few hundred ms of the request that sends it.
            { message: `no e-mail reached ${to}`, timeout: 20_000, intervals: [100, 250] },
          )
          .toBe(true);
        return found!;
      },
    });
  },

  snap: async ({ page }, use, testInfo) => {
    await use(async (name, target = page, { fullPage = false } = {}) => {
      const file = path.join(testInfo.project.outputDir, '..', 'screens', `${name}.png`);
      await target.screenshot({ path: file, fullPage });
    });
  },

  expectAccessible: async ({ page }, use) => {
    await use(async (target = page) => {
      // Legacy mode runs axe in the page itself instead of gathering its results in a new blank
      // page each time (the app has no frames); only violations carry their nodes.
      const results = await new AxeBuilder({ page: target })
        .setLegacyMode(true)
        .disableRules(BELOW_SERIOUS)
        .options({ resultTypes: ['violations'] })
        .analyze();
      const serious = results.violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(
        serious.map(
          (v) =>
            `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}: ${n.html}`).join(', ')})`,
        ),
      ).toEqual([]);
    });
  },
});

export { expect };
