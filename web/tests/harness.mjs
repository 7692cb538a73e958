// What every browser test of the web client shares: the server under test, Chromium, where
// screenshots go, how a check fails, the accessibility check (axe-core), a phone's checks
// (touch targets, nothing wider than the screen), waiting for the table to move on, and
// measuring what it draws.
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

/** The server under test: the first argument, else LORDS_URL, else the default port. */
export const base = (process.argv[2] ?? process.env.LORDS_URL ?? "http://127.0.0.1:8080").replace(/\/$/, "");
/** Where screenshots go (created if missing). */
export const shots = process.env.LORDS_SCREENSHOTS ?? "target/screenshots";
/** Debian's Chromium, or LORDS_CHROMIUM. */
export const executablePath = process.env.LORDS_CHROMIUM ?? "/usr/bin/chromium";
mkdirSync(shots, { recursive: true });

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** @param {string} m */
export function fail(m) {
  throw new Error(m);
}

/** Fails on any serious or critical axe-core violation of the page, named `where`. */
export async function axe(page, where) {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy (no inline
  // script) leaves alone; a <script> tag would be refused.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // @ts-ignore injected above
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; ")}`);
  });
  if (violations.length > 0) fail(`axe on ${where}:\n  ${violations.join("\n  ")}`);
  console.log(`axe: no serious or critical violation on ${where}`);
}

/** A full-page screenshot of `page`, from the top, named `name` and its size. */
export async function shot(page, name) {
  const size = page.viewportSize();
  const file = path.join(shots, `${name}-${size.width}x${size.height}.png`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  console.log(`screenshot ${file}`);
}

/** Every visible control of `main` is at least 44×44 px (a phone's touch target). */
export async function touchTargets(page, where) {
  const small = await page.evaluate(() =>
    Array.from(document.querySelectorAll("main a, main button"))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ el, r }) => r.width > 0 && r.height > 0 && el.closest(".sr") === null)
      .filter(({ r }) => r.width < 43.5 || r.height < 43.5)
      .map(({ el, r }) => `${(el.textContent ?? "").trim().slice(0, 30)} ${Math.round(r.width)}×${Math.round(r.height)}`),
  );
  if (small.length > 0) fail(`touch targets under 44×44 px on ${where}: ${small.join("; ")}`);
}

/** No element wider than the screen: nothing to scroll sideways on a phone. */
export async function fitsWidth(page, where) {
  const width = page.viewportSize().width;
  const over = (await page.evaluate(() => document.documentElement.scrollWidth)) - width;
  if (over > 0) fail(`${where} is ${over} px wider than the screen`);
}

/** Each watched page's requests to the API: those under way and the last answered. */
const traffic = new WeakMap();
/** @param {import("playwright-core").Request} r */
const named = (r) => `${r.method()} ${new URL(r.url()).pathname}`;

/**
 * Keeps `page`'s requests to the API, for the message of a `settled` that timed out.
 * @template {import("playwright-core").Page} P
 * @param {P} page
 * @returns {P}
 */
export function watchTraffic(page) {
  const seen = { pending: new Set(), last: /** @type {string[]} */ ([]) };
  traffic.set(page, seen);
  const done = (r, how) => {
    if (!seen.pending.delete(r)) return;
    seen.last.push(`${named(r)} ${how}`);
    if (seen.last.length > 12) seen.last.shift();
  };
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/v1/")) seen.pending.add(r);
  });
  // A request that finishes as the page closes has no answer to read any more: no rejection
  // may escape a listener (node ends the whole script on one).
  page.on("requestfinished", async (r) => {
    const res = await r.response().catch(() => null);
    done(r, String(res?.status() ?? "no answer"));
  });
  page.on("requestfailed", (r) => done(r, `failed (${r.failure()?.errorText})`));
  return page;
}

/**
 * Sends the move the table staged, if it staged one: with "confirm moves" on (the default on a
 * touch screen) a recruit, a claim or a muster waits for Confirm.
 * @param {import("playwright-core").Page} page
 */
export async function confirmStaged(page) {
  const yes = page.locator("[data-confirm-move]");
  if ((await yes.count()) > 0) await yes.click();
}

/**
 * Waits until the table has moved past `version` (or shows a refusal) and is not busy. When it
 * does not, says what the table showed and which requests were under way, so that a stall can
 * be told from a lost click.
 */
export async function settled(page, version) {
  try {
    await page.waitForFunction(
      (v) => {
        const el = document.querySelector("section.table");
        return el !== null && el.getAttribute("data-busy") === null && (el.getAttribute("data-version") !== v || document.querySelector(".refusal") !== null);
      },
      version,
      { timeout: 30_000 },
    );
  } catch (e) {
    const table = await page.evaluate(() => {
      const el = document.querySelector("section.table");
      if (el === null) return "no table";
      const attrs = Array.from(el.attributes, (a) => `${a.name}=${a.value}`).join(" ");
      const selected = document.querySelectorAll("[aria-pressed=true]").length;
      const staged = document.querySelector("[data-staged]");
      return `${attrs}; ${selected} card(s) selected; ${document.querySelectorAll("[data-muster-choice]").length} muster choices shown${staged ? `; staged: « ${staged.textContent} »` : ""}`;
    });
    const seen = traffic.get(page);
    const requests = seen === undefined ? "requests not watched" : `under way: ${[...seen.pending].map(named).join(", ") || "none"}; last answered: ${seen.last.join(", ")}`;
    throw new Error(`the table did not move on from version ${version}: ${table}; ${requests}`, { cause: e });
  }
}

/**
 * Where `locator` is on the screen, once it is visible. The table is drawn again whenever the
 * game's stream brings news, and an element measured as it is replaced has no box: it is
 * measured again, for up to `timeout` ms.
 * @param {import("playwright-core").Locator} locator
 */
export async function boxOf(locator, timeout = 10_000) {
  const until = Date.now() + timeout;
  for (;;) {
    await locator.waitFor({ state: "visible", timeout: Math.max(until - Date.now(), 1) });
    const box = await locator.boundingBox();
    if (box !== null || Date.now() > until) return box;
  }
}

/** The password of every account the scripts make. */
export const PASSWORD = "bannockburn1314";
/** What makes this run's usernames its own. */
export const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** A call of the API with `token` (or none); fails the script on an answer that is not 2xx. */
export async function api(token, method, p, body, headers = {}) {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (!res.ok) fail(`${method} ${p}: ${res.status} ${json?.code ?? ""} ${json?.detail ?? text}`);
  return json;
}

/** A new account, `name_<suffix>`, signed in: its username and tokens. */
export async function account(name) {
  const username = `${name}_${suffix}`;
  await api(null, "POST", "/v1/accounts", { username, password: PASSWORD });
  const tok = await api(null, "POST", "/v1/auth/token", { username, password: PASSWORD });
  return { username, access: tok.access_token, refresh: tok.refresh_token };
}
