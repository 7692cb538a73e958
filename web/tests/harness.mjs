// What every browser test of the web client shares: the server under test, Chromium, where
// screenshots go, how a check fails, the accessibility check (axe-core), and a phone's checks
// (touch targets, nothing wider than the screen).
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
