// The lobby, the settings, the audit page and the chat's reports as players on a phone found
// them, in a real browser (Debian's Chromium through playwright-core) against a real server, on a
// 360×640 phone and a 1280×800 desktop, in English and in French:
// - "Learn by playing" opens the unfinished guide game rather than starting another;
// - each game is listed once (one awaiting me is not listed again among my games), and my finished
//   games are folded under a closed "finished games" disclosure;
// - every select shows its whole text;
// - an invitation has Decline beside Accept, and declining it takes it away (on the server too);
// - "Watch" lists the live public games, each linking to its table, and says when there is none;
// - an invitation link's page names the game's creator and who sits in it, its options and
//   whether it is rated;
// - the digest's time zone is the browser's when the account never chose one, and the page says
//   that the account keeps UTC until the form is saved (saving stores it);
// - "This device": confirm moves (on by default on a touch screen), the turn alert and the
//   colours, kept in this browser and applied at once;
// - the audit page opens with what it proves and what it cannot, in two plain sentences, and a
//   link to docs/audit.md as served;
// - a chat line is reported in a form under the lines (no prompt()), the line menu opens over the
//   lines without moving them, and menu and form close on Escape (the menu on a tap outside too),
//   the focus back on the menu's button.
// Every screen fits a phone's width with tap targets of 40 px or more; screenshots of each.
//
//   node web/tests/lobby-settings.mjs http://127.0.0.1:8080
//
// Env: LORDS_CHROMIUM (default /usr/bin/chromium), LORDS_SCREENSHOTS (default target/screenshots).
// Prints "lobby and settings: all checks passed" and exits non-zero on the first failure.
import { chromium } from "playwright-core";
import { account, api, axe, base, executablePath, fail, fitsWidth, shots, watchTraffic } from "./harness.mjs";
import path from "node:path";

/** The browser's time zone in every page: not UTC, so that a default of UTC shows. */
const ZONE = "Europe/Paris";

const errors = [];
let dialogs = 0;

async function page(browser, who, { phone = false, lang = "en" } = {}) {
  const locale = lang === "fr" ? "fr-FR" : "en-GB";
  const ctx = await browser.newContext(
    phone
      ? { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale, timezoneId: ZONE }
      : { viewport: { width: 1280, height: 800 }, locale, timezoneId: ZONE },
  );
  await ctx.addInitScript(
    ([s, l]) => {
      localStorage.setItem("lords.session", JSON.stringify(s));
      localStorage.setItem("lords.lang", l);
    },
    [{ username: who.username, access: who.access, refresh: who.refresh }, lang],
  );
  const p = await ctx.newPage();
  watchTraffic(p);
  p.setDefaultTimeout(20_000);
  p.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
  p.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(`console: ${m.text()}`);
  });
  p.on("dialog", (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  return p;
}

async function shot(p, name, lang) {
  const size = p.viewportSize();
  const file = path.join(shots, `${name}${lang === "fr" ? "-fr" : ""}-${size.width}x${size.height}.png`);
  await p.evaluate(() => window.scrollTo(0, 0));
  await p.screenshot({ path: file, fullPage: true });
  console.log(`screenshot ${file}`);
}

/** Every visible control of `main` is at least 40×40 px. */
async function tapTargets(p, where) {
  const small = await p.evaluate(() =>
    Array.from(document.querySelectorAll("main a, main button, main select, main summary"))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ el, r }) => r.width > 0 && r.height > 0 && el.closest(".sr") === null)
      .filter(({ r }) => r.width < 39.5 || r.height < 39.5)
      .map(({ el, r }) => `${(el.textContent ?? "").trim().slice(0, 30)} ${Math.round(r.width)}×${Math.round(r.height)}`),
  );
  if (small.length > 0) fail(`tap targets under 40 px on ${where}: ${small.join("; ")}`);
}

/** The phone's checks of a screen: its width and its tap targets. */
async function fits(p, where, phone) {
  if (!phone) return;
  await fitsWidth(p, where);
  await tapTargets(p, where);
}

/** The language's words this script looks for. */
const WORDS = {
  en: {
    learn: "Learn by playing",
    finished: /^Your latest finished games \(2\)$/,
    yourGames: /^Your games/,
    accept: "Accept and join",
    decline: "Decline",
    watch: "Watch",
    watchEmpty: "No public game is being played right now.",
    createdBy: (name) => `A game created by ${name}.`,
    facts: { "At the table": null, Players: "3", "Target score": "30", "Time per decision": "1 day", Ratings: "Rated: the players' ratings change" },
    zone: (local) => `Your browser's time zone, ${local}, is selected, but your account says UTC until you save.`,
    save: "Save notifications",
    device: "This device",
    deviceIntro: "These three choices are kept on this device, in this browser, not on your account.",
    confirm: "Confirm moves",
    alert: "Your turn alert",
    vibration: "Vibration",
    colours: "Colours",
    dark: "Dark",
    system: "As the system",
    proven: "What this page proves: the order of the cards was sealed before any of them was dealt, and nobody, this site included, has changed the game's history since.",
    notProven: "What it cannot prove: that the site shuffled at random rather than choosing an order, or that players did not show each other their cards outside the site.",
    docs: "How these checks work, for auditors",
    menu: (name) => `Actions on ${name}'s line`,
    report: "Report",
    reason: "Why? (1 to 500 characters)",
    sendReport: "Send report",
    reported: "Reported.",
  },
  fr: {
    learn: "Apprendre en jouant",
    finished: /^Vos dernières parties terminées \(2\)$/,
    yourGames: /^Vos parties/,
    accept: "Accepter et rejoindre",
    decline: "Refuser",
    watch: "Regarder",
    watchEmpty: "Aucune partie publique n'est en cours en ce moment.",
    createdBy: (name) => `Une partie créée par ${name}.`,
    facts: { "À la table": null, Joueurs: "3", "Score à atteindre": "30", "Temps par décision": "1 jour", Classement: "Classée\u00a0: les classements des joueurs changent" },
    zone: (local) => `Le fuseau horaire de votre navigateur, ${local}, est choisi, mais votre compte garde UTC tant que vous n'avez pas enregistré.`,
    save: "Enregistrer les notifications",
    device: "Cet appareil",
    deviceIntro: "Ces trois choix sont gardés sur cet appareil, dans ce navigateur, pas sur votre compte.",
    confirm: "Confirmer les coups",
    alert: "Alerte «\u00a0à vous de jouer\u00a0»",
    vibration: "Vibration",
    colours: "Couleurs",
    dark: "Sombres",
    system: "Comme le système",
    proven: "Ce que cette page prouve\u00a0: l'ordre des cartes était scellé avant que la première soit distribuée, et personne, ce site compris, n'a modifié l'historique de la partie depuis.",
    notProven: "Ce qu'elle ne peut pas prouver\u00a0: que le site a mélangé au hasard plutôt que choisi un ordre, ni que des joueurs ne se sont pas montré leurs cartes en dehors du site.",
    docs: "Comment ces vérifications fonctionnent, pour les auditeurs (en anglais)",
    menu: (name) => `Actions sur le message de ${name}`,
    report: "Signaler",
    reason: "Pourquoi\u00a0? (1 à 500 caractères)",
    sendReport: "Envoyer le signalement",
    reported: "Signalé.",
  },
};

/** Polls `check` (an async function) every 100 ms until it answers truthily, for up to `ms`. */
async function until(check, ms, what) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) fail(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
try {
  const eve = await account("eve");
  const bob = await account("bob");
  // Two finished games of eve's: two-player games against a bot, resigned (the game ends at once).
  const finished = [];
  for (let i = 0; i < 2; i++) {
    const g = await api(eve.access, "POST", "/v1/games", { players: 2, target_score: 20, bots: [{ seat: 1, level: "random" }] });
    await api(eve.access, "POST", `/v1/games/${g.id}/resign`);
    finished.push(g.id);
  }
  // A game of bob's and eve's, where bob said two lines; the last, at the bottom of the lines,
  // is the one reported (a menu that overflowed its line would scroll the lines there).
  const talk = await api(bob.access, "POST", "/v1/games", { players: 2, target_score: 20 });
  await api(eve.access, "POST", `/v1/games/${talk.id}/join`);
  await api(bob.access, "POST", `/v1/games/${talk.id}/chat`, { text: "Good luck anyway" });
  await api(bob.access, "POST", `/v1/games/${talk.id}/chat`, { text: "Your clans are a disgrace" });
  // An open game of bob's, rated, with its invitation link.
  const invited = await api(bob.access, "POST", "/v1/games", { players: 3, target_score: 30, turn_time_limit_s: 86400, rated: true });
  const link = await api(bob.access, "POST", `/v1/games/${invited.id}/invitations`, { uses: 1 });
  /** bob's public game against a bot, for eve to watch: made once the empty list was seen. */
  let watched = null;
  /** The guide game "Learn by playing" made first. */
  let guide = null;

  const runs = [
    ["en", true],
    ["en", false],
    ["fr", true],
    ["fr", false],
  ];
  for (const [lang, phone] of runs) {
    const w = WORDS[lang];
    const where = `${lang} ${phone ? "360×640" : "1280×800"}`;
    const last = lang === "fr" && !phone;
    const p = await page(browser, eve, { phone, lang });
    // An invitation by username to a private game of bob's, for eve to decline.
    const priv = await api(bob.access, "POST", "/v1/games", { players: 2, target_score: 20, visibility: "private" });
    const inv = await api(bob.access, "POST", `/v1/games/${priv.id}/invitations`, { username: eve.username });

    // Learn by playing: a guide game, and the same one again while it is not over.
    await p.goto(`${base}/#/`);
    if (watched === null) {
      const watch = p.getByRole("region", { name: w.watch });
      await watch.getByText(w.watchEmpty).waitFor();
      watched = await api(bob.access, "POST", "/v1/games", { players: 2, target_score: 20, bots: [{ seat: 1, level: "greedy" }] });
      console.log(`watch on ${where}: « ${w.watchEmpty} » with no game to watch`);
    }
    await p.locator(".lists[data-live]").waitFor();
    await p.getByRole("button", { name: w.learn }).click();
    await p.waitForURL(/#\/game\//);
    const opened = p.url().split("#/game/")[1] ?? "";
    if (guide === null) {
      // The first made it: a second click, back in the lobby, opens it again.
      guide = opened;
      await p.goto(`${base}/#/`);
      await p.locator(".lists[data-live]").waitFor();
      await p.getByRole("button", { name: w.learn }).click();
      await p.waitForURL(/#\/game\//);
      // The lists below: the guide game awaits eve once its bot has played.
      await until(async () => (await api(eve.access, "GET", "/v1/games?mine=true&awaiting_me=true")).games.some((g) => g.id === guide), 10_000, "the guide game to await eve");
    }
    if (p.url().split("#/game/")[1] !== guide) fail(`"${w.learn}" on ${where} started another game (${p.url()}), not the unfinished guide game ${guide}`);
    console.log(`learn by playing on ${where}: resumes the guide game ${guide.slice(0, 8)}`);

    // The lists: each game once, the guide game among them, the finished ones folded.
    await p.goto(`${base}/#/`);
    await p.locator(`.lists [data-game="${guide}"]`).first().waitFor();
    await p.locator(`.lists [data-invitation="${inv.id}"]`).waitFor();
    const ids = await p.locator(".lists [data-game]").evaluateAll((els) => els.map((el) => el.getAttribute("data-game")));
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (twice.length > 0) fail(`on ${where} these games are listed more than once: ${twice.join(", ")}`);
    const mine = p.locator("section.games").filter({ has: p.getByRole("heading", { name: w.yourGames }) });
    const fold = mine.locator("details.finished-games");
    // The lists come in as their reads answer, and are drawn again as the notifications' stream
    // catches up: the folded games may follow the rows above.
    await until(async () => (await fold.count()) === 1, 30_000, `the folded finished games of "Your games" on ${where}`);
    if ((await fold.getAttribute("open")) !== null) fail(`the finished games on ${where} are not folded`);
    const summary = ((await fold.locator("summary").textContent()) ?? "").trim();
    if (!w.finished.test(summary)) fail(`the finished games on ${where} are titled « ${summary} »`);
    for (const id of finished) {
      // A game finished just before (its result read by the lobby's next refresh) may come later,
      // and the lists are drawn again as the stream catches up: looked for until it is there once.
      const end = Date.now() + 20_000;
      while ((await fold.locator(`[data-game="${id}"]`).count()) !== 1) {
        if (Date.now() > end) {
          const shown = await fold.locator("[data-game]").evaluateAll((els) => els.map((el) => `${el.getAttribute("data-game")} ${el.getAttribute("data-status")}`));
          fail(`the finished game ${id} is not among the folded ones on ${where}; they are: ${shown.join(", ")}`);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    if ((await p.locator('.lists [data-status="finished"]').evaluateAll((els) => els.filter((el) => el.closest("details") === null).length)) > 0)
      fail(`a finished game is listed unfolded on ${where}`);
    console.log(`lists on ${where}: ${ids.length} rows, each game once; « ${summary} » folded`);

    // Every select shows its whole text (the widest of its options).
    const cut = await p.evaluate(() => {
      const ctx = /** @type {CanvasRenderingContext2D} */ (document.createElement("canvas").getContext("2d"));
      const out = [];
      for (const s of document.querySelectorAll("main select")) {
        if (!(s instanceof HTMLSelectElement) || s.offsetParent === null) continue;
        const cs = getComputedStyle(s);
        ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const texts = Array.from(s.options, (o) => o.text);
        const widest = Math.max(...texts.map((x) => ctx.measureText(x).width));
        // Chromium's arrow takes about 20 px beside the padding.
        const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
        if (widest > room) out.push(`${s.name}: « ${texts.find((x) => ctx.measureText(x).width === widest)} » needs ${Math.ceil(widest)} px, has ${Math.floor(room)}`);
      }
      return out;
    });
    if (cut.length > 0) fail(`selects cut on ${where}: ${cut.join("; ")}`);
    console.log(`selects on ${where}: every one shows its whole text`);

    // Decline beside Accept: the invitation goes, on the server too.
    const row = p.locator(`[data-invitation="${inv.id}"]`);
    await row.getByRole("button", { name: w.accept }).waitFor();
    await shot(p, "lobby-settings-lobby", lang);
    await fits(p, `the lobby on ${where}`, phone);
    await row.getByRole("button", { name: w.decline }).click();
    await row.waitFor({ state: "detached" });
    const left = await api(eve.access, "GET", "/v1/me/invitations");
    if (left.invitations.some((i) => i.id === inv.id)) fail(`the invitation declined on ${where} is still pending`);
    console.log(`decline on ${where}: « ${w.decline} » beside « ${w.accept} », the invitation is gone`);

    // Watch: bob's game against a bot, linked to its table.
    const watch = p.getByRole("region", { name: w.watch });
    const watching = watch.locator(`[data-game="${watched.id}"]`);
    await watching.waitFor();
    if ((await watch.locator(`[data-game="${talk.id}"]`).count()) !== 0) fail(`eve's own game is offered to watch on ${where}`);
    const href = await watching.getByRole("link", { name: w.watch }).getAttribute("href");
    if (href !== `#/game/${watched.id}`) fail(`the game to watch on ${where} links to ${href}`);
    if (phone) {
      await watching.getByRole("link", { name: w.watch }).click();
      await p.locator("section.table[data-status]").waitFor();
      if (!p.url().endsWith(`#/game/${watched.id}`)) fail(`watching on ${where} opened ${p.url()}`);
    }
    console.log(`watch on ${where}: bob's game listed, linked to ${href}`);

    // The invitation link's page: who made the game and sits in it, its options, rated.
    await p.goto(`${base}/#/join/${invited.id}/${link.code}`);
    const join = p.locator("section.join");
    await join.getByText(w.createdBy(bob.username)).waitFor();
    const facts = await join.locator("dl").evaluate((dl) => {
      const out = {};
      for (const dt of dl.querySelectorAll("dt")) out[(dt.textContent ?? "").trim()] = (dt.nextElementSibling?.textContent ?? "").trim();
      return out;
    });
    for (const [term, value] of Object.entries(w.facts)) {
      if (!(term in facts)) fail(`the invitation page on ${where} does not say « ${term} »: ${JSON.stringify(facts)}`);
      if (value !== null && facts[term] !== value) fail(`the invitation page on ${where} says « ${term} » « ${facts[term]} », not « ${value} »`);
    }
    const seated = Object.values(facts)[0];
    if (!seated.includes(bob.username)) fail(`the invitation page on ${where} does not say who sits: « ${seated} »`);
    await shot(p, "lobby-settings-join", lang);
    await fits(p, `the invitation page on ${where}`, phone);
    if (phone) await axe(p, `the invitation page (${lang})`);
    console.log(`invitation page on ${where}: ${JSON.stringify(facts)}`);

    // Settings: the browser's zone proposed (the account keeps UTC until saved); this device.
    await p.goto(`${base}/#/settings`);
    const zone = p.locator('select[name="time_zone"]');
    await zone.waitFor();
    if ((await zone.inputValue()) !== ZONE) fail(`the time zone on ${where} is ${await zone.inputValue()}, not the browser's ${ZONE}`);
    const note = ((await p.locator("#zone-note").textContent()) ?? "").trim();
    if (!note.startsWith(w.zone(ZONE))) fail(`the time zone on ${where} is not said to be unsaved: « ${note} »`);
    const stored = await api(eve.access, "GET", "/v1/me/notification-settings");
    if (stored.time_zone !== "UTC") fail(`the account's time zone changed to ${stored.time_zone} before saving`);
    const device = p.getByRole("region", { name: w.device });
    await device.getByText(w.deviceIntro).waitFor();
    const confirm = device.getByRole("checkbox", { name: w.confirm });
    if ((await confirm.isChecked()) !== phone) fail(`"${w.confirm}" on ${where} is ${phone ? "off" : "on"} by default`);
    await confirm.setChecked(!phone);
    const kept = await p.evaluate(() => localStorage.getItem("lords.confirmMoves"));
    if (kept !== (phone ? "off" : "on")) fail(`"${w.confirm}" on ${where} kept ${kept}`);
    await device.getByLabel(w.alert).selectOption({ label: w.vibration });
    if ((await p.evaluate(() => localStorage.getItem("lords.turnAlert"))) !== "vibrate") fail(`the turn alert on ${where} was not kept`);
    if (phone) await axe(p, `the settings (${lang})`);
    await device.getByLabel(w.colours).selectOption({ label: w.dark });
    if ((await p.evaluate(() => document.documentElement.dataset.theme)) !== "dark") fail(`dark colours on ${where} are not applied at once`);
    await shot(p, "lobby-settings-settings", lang);
    await fits(p, `the settings on ${where}`, phone);
    await p.reload();
    await zone.waitFor();
    if ((await device.getByLabel(w.alert).inputValue()) !== "vibrate" || (await confirm.isChecked()) === phone)
      fail(`this device's choices on ${where} were not kept across a reload`);
    await device.getByLabel(w.colours).selectOption({ label: w.system });
    if ((await p.evaluate(() => document.documentElement.hasAttribute("data-theme")))) fail(`the system's colours on ${where} are not applied at once`);
    if (last) {
      await p.getByRole("button", { name: w.save }).click();
      await until(async () => (await api(eve.access, "GET", "/v1/me/notification-settings")).time_zone === ZONE, 5_000, "the time zone to be saved");
      await p.locator("#zone-note").waitFor({ state: "detached" });
    }
    console.log(`settings on ${where}: ${ZONE} proposed, UTC kept until saved; « ${w.device} » kept on this device`);

    // The audit page: two plain sentences first, and the document as served.
    await p.goto(`${base}/#/audit/${finished[0]}`);
    const plain = p.locator("#audit-plain");
    await plain.waitFor();
    const said = await plain.locator("p").allTextContents();
    if (said[0] !== w.proven || said[1] !== w.notProven) fail(`the audit page on ${where} opens with « ${said.join(" | ")} »`);
    const first = await p.evaluate(() => document.querySelector("section.audit h1")?.nextElementSibling?.id);
    if (first !== "audit-plain") fail(`the audit page on ${where} does not open with its plain words`);
    const doc = await plain.getByRole("link", { name: w.docs }).getAttribute("href");
    const served = await fetch(new URL(doc ?? "", base));
    if (!served.ok || !(await served.text()).startsWith("# Auditing a game")) fail(`the audit page's link on ${where}, ${doc}, does not lead to docs/audit.md`);
    await p.locator("#verdict:not([data-verdict=checking])").waitFor();
    await shot(p, "lobby-settings-audit", lang);
    await fits(p, `the audit page on ${where}`, phone);
    console.log(`audit on ${where}: « ${said[0].slice(0, 40)}… » and ${doc}`);

    // The chat: the line menu over the lines, Escape and a tap outside; the report form.
    await p.goto(`${base}/#/game/${talk.id}`);
    await p.locator(".chat[data-chat=ready]").waitFor();
    const line = p.locator(".chat-lines li").filter({ hasText: "Your clans are a disgrace" });
    const menu = line.getByRole("button", { name: w.menu(bob.username) });
    await menu.scrollIntoViewIfNeeded();
    // Where each line is on the screen, and how far the lines are scrolled.
    const boxes = () =>
      p.locator(".chat-lines").evaluate((ol) => `${Math.round(ol.scrollTop)}: ${Array.from(ol.children, (el) => { const r = el.getBoundingClientRect(); return `${Math.round(r.top)}+${Math.round(r.height)}`; }).join(" ")}`);
    const before = await boxes();
    await menu.click();
    await line.getByRole("button", { name: w.report }).waitFor();
    const after = await boxes();
    if (after !== before) fail(`opening the line menu on ${where} moved the lines: ${before} → ${after}`);
    await p.keyboard.press("Escape");
    await line.getByRole("button", { name: w.report }).waitFor({ state: "detached" });
    if ((await p.evaluate(() => document.activeElement?.getAttribute("aria-label"))) !== w.menu(bob.username)) fail(`Escape on ${where} left the focus off the menu's button`);
    await menu.click();
    await line.getByRole("button", { name: w.report }).waitFor();
    await p.locator(".chat h2").click();
    await line.getByRole("button", { name: w.report }).waitFor({ state: "detached" });
    await menu.click();
    await line.getByRole("button", { name: w.report }).click();
    const reason = p.getByLabel(w.reason);
    await reason.waitFor();
    if ((await p.evaluate(() => document.activeElement?.id)) !== "report-reason") fail(`the report form on ${where} does not take the focus`);
    await p.keyboard.press("Escape");
    await reason.waitFor({ state: "detached" });
    if ((await p.evaluate(() => document.activeElement?.getAttribute("aria-label"))) !== w.menu(bob.username)) fail(`cancelling a report on ${where} left the focus off the menu's button`);
    await menu.click();
    await line.getByRole("button", { name: w.report }).click();
    await reason.fill(`insults (${where})`);
    await p.locator(".report-form").screenshot({ path: path.join(shots, `lobby-settings-report${lang === "fr" ? "-fr" : ""}-${p.viewportSize().width}x${p.viewportSize().height}.png`) });
    if (phone) {
      const right = await p.locator(".chat").evaluate((el) => el.getBoundingClientRect().right);
      if (right > 360) fail(`the chat on ${where} is wider than the screen`);
    }
    await p.getByRole("button", { name: w.sendReport }).click();
    await p.locator(".chat").getByRole("status").filter({ hasText: w.reported }).waitFor();
    if (dialogs > 0) fail(`a dialog opened on ${where}`);
    console.log(`chat report on ${where}: the menu moves no line, Escape and a tap outside close it, the form sends « ${w.sendReport} »`);
    await p.context().close();
  }

  if (errors.length > 0) fail(`errors in the pages:\n  ${errors.join("\n  ")}`);
  console.log("lobby and settings: all checks passed");
} catch (e) {
  if (errors.length > 0) console.error(`errors in the pages:\n  ${errors.join("\n  ")}`);
  throw e;
} finally {
  await browser.close();
}
