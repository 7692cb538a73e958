// The rules pages (/rules, /rules/fr) in a real browser (Debian's Chromium through playwright-core)
// against a real server: on a 360×640 phone and a 1280×800 desktop each page is in its language,
// has no horizontal scroll, sets its text at 16 px or more, links to the other language and to the
// lobby with touch targets of 44 px, scrolls #power-cochrane into view when it is navigated to
// (and when the table's link to it is followed), and axe-core finds no serious or critical
// violation. The web client's footer opens the rules of its language. Screenshots:
// rules-360x640.png, rules-1280x800.png, rules-fr-*.png, rules-cochrane-360x640.png and
// rules-end-of-skirmish-360x640.png in target/screenshots/.
//
//   node web/tests/rules.mjs http://127.0.0.1:8080
//
// Env: LORDS_CHROMIUM (default /usr/bin/chromium), LORDS_SCREENSHOTS (default
// target/screenshots). Exits non-zero on the first failure.
import { chromium } from "playwright-core";
import { axe, base, executablePath, fail, shots } from "./harness.mjs";
import path from "node:path";


/** @param {import("playwright-core").Page} page @param {string} name */
async function shot(page, name) {
  const size = page.viewportSize();
  const file = path.join(shots, `${name}-${size.width}x${size.height}.png`);
  await page.screenshot({ path: file, fullPage: false });
  console.log(`screenshot ${file}`);
}

/** Waits until `#id` is scrolled into the upper part of the viewport. */
async function inView(page, id, where) {
  await page
    .waitForFunction(
      (id) => {
        const el = document.getElementById(id);
        if (!el) return false;
        const r = el.getBoundingClientRect();
        return window.scrollY > 0 && r.top >= -1 && r.top < window.innerHeight / 2;
      },
      id,
      { timeout: 5000 },
    )
    .catch(() => fail(`#${id} is not in view on ${where}`));
}

const editions = [
  { path: "/rules", lang: "en", name: "rules", other: "Lire en français", lobby: "Back to the lobby", power: "Claim two Supporters" },
  { path: "/rules/fr", lang: "fr", name: "rules-fr", other: "Read in English", lobby: "Retour au salon", power: "Récupérez deux partisans" },
];
const sizes = [
  { width: 360, height: 640 },
  { width: 1280, height: 800 },
];

const browser = await chromium.launch({ executablePath });
try {
  for (const e of editions) {
    for (const size of sizes) {
      const where = `${e.path} at ${size.width}x${size.height}`;
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
      const errors = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      const res = await page.goto(`${base}${e.path}`);
      if (res?.status() !== 200) fail(`${where}: HTTP ${res?.status()}`);
      await shot(page, e.name);

      const lang = await page.evaluate(() => document.documentElement.lang);
      if (lang !== e.lang) fail(`${where}: lang ${lang}`);
      const h1 = await page.getByRole("heading", { level: 1 }).textContent();
      if (!h1?.includes("Lords of Scotland")) fail(`${where}: h1 ${h1}`);

      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      if (widths.scroll > widths.inner) fail(`${where}: scrolls sideways (${widths.scroll} > ${widths.inner})`);
      console.log(`no horizontal scroll on ${where}`);

      const smallest = await page.evaluate(() =>
        Math.min(...[...document.querySelectorAll("main p, main li, main td, main th")].map((el) => parseFloat(getComputedStyle(el).fontSize))),
      );
      if (!(smallest >= 16)) fail(`${where}: text at ${smallest}px`);
      console.log(`body text at ${smallest}px or more on ${where}`);

      const nav = page.getByRole("navigation", { name: "Pages" });
      const other = nav.getByRole("link", { name: e.other });
      const lobby = nav.getByRole("link", { name: e.lobby });
      for (const [link, href] of [
        [other, e.path === "/rules" ? "/rules/fr" : "/rules"],
        [lobby, "/"],
      ]) {
        if ((await link.getAttribute("href")) !== href) fail(`${where}: ${await link.textContent()} is not ${href}`);
        const box = await link.boundingBox();
        if (!box || box.height < 44) fail(`${where}: ${await link.textContent()} is ${box?.height}px high`);
      }
      await axe(page, where);

      // Navigated to an anchor, and following the table's link to the same anchor.
      await page.goto(`${base}${e.path}#power-cochrane`);
      await inView(page, "power-cochrane", where);
      console.log(`#power-cochrane scrolled into view on ${where}`);
      if (size.width === 360 && e.lang === "en") await shot(page, "rules-cochrane");
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.goto(`${base}${e.path}`);
      await page.getByRole("table").getByRole("link", { name: e.power }).click();
      await inView(page, "power-cochrane", where);
      if (!page.url().endsWith("#power-cochrane")) fail(`${where}: the table's link went to ${page.url()}`);
      if (size.width === 360 && e.lang === "en") {
        await page.goto(`${base}${e.path}#end-of-skirmish`);
        await inView(page, "end-of-skirmish", where);
        await shot(page, "rules-end-of-skirmish");
      }

      if (errors.length > 0) fail(`${where}: console errors ${errors.join("; ")}`);
      await context.close();
    }
  }

  // The web client's footer opens the rules in the page's language.
  for (const [locale, name, href] of [
    ["en-GB", "Rules", "/rules"],
    ["fr-FR", "Règles", "/rules/fr"],
  ]) {
    const context = await browser.newContext({ viewport: sizes[0], locale });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    const link = page.locator("footer").getByRole("link", { name, exact: true });
    await link.waitFor();
    await link.click();
    await page.waitForURL(`${base}${href}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    console.log(`the footer's « ${name} » opened ${href}`);
    await context.close();
  }
  console.log("rules pages: all browser checks passed");
} finally {
  await browser.close();
}
