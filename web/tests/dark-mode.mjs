// Dark mode and private notes, in a real browser (Debian's Chromium through playwright-core)
// against a real server, on a 360×640 phone and a 1280×800 desktop, in English and French.
//
// Colours: with a dark system (`prefers-color-scheme: dark`) the page is dark, and so it is
// with a light system when this device chose dark (`localStorage["lords.theme"] = "dark"`); a
// choice of light keeps a dark system's page light. Dark means a dark page behind light text and
// form controls drawn dark (`color-scheme`). In dark mode, axe-core's color-contrast rule finds
// nothing on the lobby, a table (cards, pills, the last move's touched cards, a selected card and
// its muster choices, links) and the settings.
//
// Notes: a seated player's note typed at the table is saved once typing stops, said "Saved",
// and still there after a reload; the other seated player does not see it; a refused note (an
// invisible direction mark) is said in words.
//
//   node web/tests/dark-mode.mjs http://127.0.0.1:8080
//
// Env: LORDS_CHROMIUM (default /usr/bin/chromium), LORDS_SCREENSHOTS (default target/screenshots).
// Prints "dark mode: all checks passed" and exits non-zero on the first failure.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { chromium } from "playwright-core";
import { account, api, base, executablePath, fail, shots, watchTraffic } from "./harness.mjs";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const errors = [];

/** A page signed in as `who`, with the system's colours `scheme` (changed later by `choose`). */
async function page(browser, who, { phone, lang, scheme }) {
  const locale = lang === "fr" ? "fr-FR" : "en-GB";
  const ctx = await browser.newContext({
    ...(phone ? { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { viewport: { width: 1280, height: 800 } }),
    locale,
    colorScheme: scheme,
  });
  await ctx.addInitScript(
    ([s, l]) => {
      localStorage.setItem("lords.session", JSON.stringify(s));
      localStorage.setItem("lords.lang", l);
    },
    [{ username: who.username, access: who.access, refresh: who.refresh }, lang],
  );
  const p = await ctx.newPage();
  watchTraffic(p);
  p.setDefaultTimeout(30_000);
  p.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
  p.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(`console: ${m.text()}`);
  });
  return p;
}

/** The page's colours: its background's luminance (0 black, 1 white) and `color-scheme`. */
async function colours(p) {
  return p.evaluate(() => {
    const rgb = (c) => (c.match(/[\d.]+/g) ?? ["0", "0", "0"]).slice(0, 3).map(Number);
    const lum = (c) => {
      const [r, g, b] = rgb(c).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const root = getComputedStyle(document.documentElement);
    const field = document.querySelector("main input:not([type=checkbox]), main select, main textarea");
    return {
      page: lum(root.backgroundColor),
      text: lum(root.color),
      scheme: root.colorScheme,
      field: field === null ? null : lum(getComputedStyle(field).backgroundColor),
    };
  });
}

/**
 * The system's colours `scheme` and this device's choice `theme` (`null`: the system's), then
 * the page loaded again, as after choosing in the settings.
 */
async function choose(p, scheme, theme) {
  await p.emulateMedia({ colorScheme: scheme });
  await p.evaluate((th) => {
    if (th === null) localStorage.removeItem("lords.theme");
    else localStorage.setItem("lords.theme", th);
  }, theme);
  await p.reload();
}

/** Fails unless the page is drawn `want` ("dark" or "light"). */
async function drawn(p, want, where) {
  const c = await colours(p);
  const dark = c.page < 0.05 && c.text > 0.6 && c.scheme === "dark" && (c.field === null || c.field < 0.05);
  const light = c.page > 0.6 && c.text < 0.05 && c.scheme === "light" && (c.field === null || c.field > 0.6);
  if (want === "dark" ? !dark : !light) fail(`${where} is not drawn ${want}: ${JSON.stringify(c)}`);
}

/**
 * Fails on any color-contrast violation axe-core finds on the page. What axe leaves for review
 * (the text of a card, whose power mark is a pseudo-element it cannot see through) is measured
 * here the same way: the text's colour against the nearest background drawn behind it, at least
 * 4.5:1, or 3:1 for large text.
 */
async function contrast(p, where) {
  if (!(await p.evaluate(() => "axe" in window))) await p.evaluate(axeSource);
  const found = await p.evaluate(async () => {
    // @ts-ignore injected above
    const r = await window.axe.run(document, { runOnly: ["color-contrast"], resultTypes: ["violations", "passes", "incomplete"] });
    const rgba = (c) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const reviewed = r.incomplete.flatMap((v) =>
      v.nodes.map((n) => {
        const el = document.querySelector(n.target.join(" "));
        if (!(el instanceof HTMLElement)) return null;
        let bg = el;
        while (bg !== null && (rgba(getComputedStyle(bg).backgroundColor)[3] === 0 || getComputedStyle(bg).backgroundColor === "transparent")) bg = bg.parentElement;
        if (bg === null || getComputedStyle(bg).backgroundImage !== "none") return null;
        const style = getComputedStyle(el);
        const [a, b] = [lum(rgba(style.color)), lum(rgba(getComputedStyle(bg).backgroundColor))];
        const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        const size = parseFloat(style.fontSize);
        const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
        return ratio >= (large ? 3 : 4.5) ? "ok" : `${n.target.join(" ")}: ${ratio.toFixed(2)}:1 (${style.color} on ${getComputedStyle(bg).backgroundColor})`;
      }),
    );
    return {
      bad: [
        ...r.violations.flatMap((v) => v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.any[0]?.message ?? ""}`)),
        ...reviewed.filter((x) => x !== null && x !== "ok").slice(0, 5),
      ],
      checked: r.passes.reduce((n, v) => n + v.nodes.length, 0) + reviewed.filter((x) => x === "ok").length,
    };
  });
  if (found.bad.length > 0) fail(`color contrast on ${where}:\n  ${found.bad.join("\n  ")}`);
  return found.checked;
}

async function shot(p, name) {
  const size = p.viewportSize();
  const file = path.join(shots, `${name}-${size.width}x${size.height}.png`);
  await p.screenshot({ path: file, fullPage: false });
  console.log(`screenshot ${file}`);
}

/** The language's words this script looks for. */
const WORDS = {
  en: { newGame: "New game", saveAddress: "Save address", notes: "Notes on this game", save: "Save notes", saved: "Saved", badText: /^Not saved: they hold a character that cannot be kept/, private: /only you see these/ },
  fr: { newGame: "Nouvelle partie", saveAddress: "Enregistrer l'adresse", notes: "Notes sur cette partie", save: "Enregistrer les notes", saved: "Enregistré", badText: /^Non enregistré\u00a0: elles contiennent un caractère qui ne peut pas être gardé/, private: /ne sont visibles que par vous/ },
};

/**
 * Plays the game through the API until alice is to decide just after bob mustered a card face
 * up (a card of the last move then shows marked in his army).
 */
async function untilAliceAfterBob(alice, bob, id) {
  let lastBob = false;
  for (let i = 0; i < 200; i++) {
    const g = await api(alice.access, "GET", `/v1/games/${id}`);
    const aliceSeat = g.your_seat;
    const awaited = g.view?.awaiting?.seat;
    if (awaited === undefined) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    if (awaited === aliceSeat && lastBob) return;
    const who = awaited === aliceSeat ? alice : bob;
    const legal = await api(who.access, "GET", `/v1/games/${id}/legal-actions`);
    const shown = legal.actions.find((x) => x.type === "muster" && x.face_up && !x.use_power);
    const a = (who === bob ? shown : undefined) ?? legal.actions.find((x) => x.type === "recruit") ?? legal.actions[0];
    await api(who.access, "POST", `/v1/games/${id}/actions`, a, { "If-Match": `"${legal.version}"` });
    lastBob = who === bob && a === shown;
  }
  fail("alice never came to decide after bob");
}

const started = Date.now();
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
try {
  const [alice, bob] = await Promise.all([account("alice"), account("bob")]);
  const game = await api(alice.access, "POST", "/v1/games", { players: 2, target_score: 20 });
  await api(bob.access, "POST", `/v1/games/${game.id}/join`);
  await untilAliceAfterBob(alice, bob, game.id);
  const table = `${base}/#/game/${game.id}`;

  const configs = [];
  for (const lang of ["en", "fr"]) for (const phone of [true, false]) configs.push({ lang, phone });
  // One browser context each (its cache kept across the checks): the colours, then the notes
  // in a game of its own, whose notes no other configuration writes.
  await Promise.all(
    configs.map(async (config) => {
      const p = await page(browser, alice, { ...config, scheme: "dark" });
      await colourChecks(p, config);
      await notesChecks(p, config);
      await p.context().close();
    }),
  );

  if (errors.length > 0) fail(`errors in the pages:\n  ${errors.join("\n  ")}`);
  console.log(`dark mode: all checks passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  /** The colours of the lobby, the table and the settings, as the system and the device choose. */
  async function colourChecks(p, { lang, phone }) {
    const w = WORDS[lang];
    const where = `${lang} ${phone ? "360×640" : "1280×800"}`;
    const tag = `${lang === "fr" ? "-fr" : ""}`;

    // A dark system: the lobby, the table and the settings are dark, and readable.
    await p.goto(`${base}/#/`);
    await p.getByRole("form", { name: w.newGame }).waitFor();
    await drawn(p, "dark", `the lobby on ${where} with a dark system`);
    let checked = await contrast(p, `the dark lobby on ${where}`);
    await shot(p, `dark-lobby${tag}`);
    await p.goto(table);
    await p.locator("section.table[data-my-turn=yes]").waitFor();
    // A selected card and its muster choices, the last move's marks, the pills.
    await p.locator(".hand [data-option=muster]").first().click();
    await p.locator("[data-muster-choice]").first().waitFor();
    if ((await p.locator(".card.touched").count()) === 0) fail(`no card of the last move is marked on ${where}`);
    await drawn(p, "dark", `the table on ${where} with a dark system`);
    checked += await contrast(p, `the dark table on ${where}`);
    await shot(p, `dark-table${tag}`);
    await p.goto(`${base}/#/settings`);
    await p.getByRole("button", { name: w.saveAddress }).waitFor();
    await drawn(p, "dark", `the settings on ${where} with a dark system`);
    checked += await contrast(p, `the dark settings on ${where}`);
    await shot(p, `dark-settings${tag}`);
    console.log(`dark system on ${where}: lobby, table and settings dark; ${checked} texts of good contrast`);

    // A light system, dark chosen on this device; a dark system, light chosen.
    await choose(p, "light", "dark");
    await p.getByRole("button", { name: w.saveAddress }).waitFor();
    await drawn(p, "dark", `the settings on ${where} with dark chosen`);
    await choose(p, "dark", "light");
    await p.getByRole("button", { name: w.saveAddress }).waitFor();
    await drawn(p, "light", `the settings on ${where} with light chosen`);
    console.log(`choice on ${where}: dark over a light system, light over a dark system`);
  }

  /** A note typed at the table: refused in words, saved, kept, private. */
  async function notesChecks(p, { lang, phone }) {
    const own = await api(alice.access, "POST", "/v1/games", { players: 2, target_score: 20 });
    await api(bob.access, "POST", `/v1/games/${own.id}/join`);
    const table = `${base}/#/game/${own.id}`;
    const w = WORDS[lang];
    const where = `${lang} ${phone ? "360×640" : "1280×800"}`;
    const note = `${where}: bob keeps a Bruce?\nwatch the Wemyss`;
    await p.goto(table);
    const box = p.getByRole("textbox", { name: w.notes });
    await box.waitFor();
    await p.locator("section.notes[data-notes=ready]").waitFor();
    const said = (await p.locator("#notes-private").textContent()) ?? "";
    if (!w.private.test(said)) fail(`the notes on ${where} do not say they are private: « ${said} »`);
    // Refused on Save: an invisible direction mark.
    await box.fill("left\u200eright");
    await p.getByRole("button", { name: w.save }).click();
    await p.locator("#notes-status.form-error").waitFor({ timeout: 5_000 });
    const refused = (await p.locator("#notes-status").textContent()) ?? "";
    if (!w.badText.test(refused)) fail(`a refused note on ${where} reads « ${refused} »`);
    // Saved once typing stops, without Save.
    await box.fill(note);
    await p.locator("#notes-status", { hasText: new RegExp(`^${w.saved}$`) }).waitFor({ timeout: 5_000 });
    await p.reload();
    await p.locator("section.notes[data-notes=ready]").waitFor();
    const kept = await p.getByRole("textbox", { name: w.notes }).inputValue();
    if (kept !== note) fail(`the note on ${where} after a reload is « ${kept} », not « ${note} »`);
    await p.locator("section.notes").evaluate((el) => el.scrollIntoView({ block: "center" }));
    await p.screenshot({ path: path.join(shots, `notes${lang === "fr" ? "-fr" : ""}-${phone ? "360x640" : "1280x800"}.png`) });
    // The other seated player sees an empty note of their own.
    const other = await page(browser, bob, { phone, lang, scheme: "light" });
    await other.goto(table);
    await other.locator("section.notes[data-notes=ready]").waitFor();
    const theirs = await other.getByRole("textbox", { name: w.notes }).inputValue();
    if (theirs !== "") fail(`bob sees « ${theirs} » in his notes on ${where}`);
    const shown = (await other.locator("main").textContent()) ?? "";
    if (shown.includes("watch the Wemyss")) fail(`alice's note shows on bob's table on ${where}`);
    await other.context().close();
    console.log(`notes on ${where}: refused in words, saved once typing stopped, kept over a reload, not shown to the other player`);
  }
} catch (e) {
  if (errors.length > 0) console.error(`errors in the pages:\n  ${errors.join("\n  ")}`);
  throw e;
} finally {
  await browser.close();
}
