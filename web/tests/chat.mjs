// The table's chat in a real browser (Debian's Chromium through playwright-core) against a real
// server. For each language, two players of an active game (prepared by tests/it/web_chat.rs): one on
// a phone, one on a desktop. The line said before they came is shown; each one's lines reach the
// other live (the game's event stream); the counter counts characters and refuses past 500; a
// username links to its profile; a line is reported with a reason; its sender is muted (their
// lines leave the panel and stay away after a reload) and unmuted (they come back, old ones
// included). axe-core finds no serious violation; screenshots at 360×640 and 1280×800, English
// and French (`chat-*`).
//
//   LORDS_GAME_EN=<id> LORDS_GAME_FR=<id> node web/tests/chat.mjs http://127.0.0.1:8080
import { chromium } from "playwright-core";
import { axe, base, executablePath, fail, shots } from "./harness.mjs";
import path from "node:path";

const PASSWORD = "correct horse battery";

async function shot(page, name) {
  const size = page.viewportSize();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, `${name}-${size.width}x${size.height}.png`), fullPage: true });
  // The panel alone, to look at.
  await page.locator(".chat").screenshot({ path: path.join(shots, `${name}-panel-${size.width}x${size.height}.png`) });
  console.log(`screenshot ${name}-${size.width}x${size.height}`);
}

/** No element wider than the screen: nothing to scroll sideways on a phone. */
async function fitsWidth(page, where) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (over > 0) fail(`${where} is ${over} px wider than the screen`);
}

const desk = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Texts by language, as a person reads them; the players of each language's game. */
const T = {
  en: {
    game: process.env.LORDS_GAME_EN,
    phone: "fiona",
    desk: "gregor",
    signIn: "Sign in",
    username: "Username",
    password: "Password",
    lobby: "Lobby",
    chat: "Table talk",
    say: "Say something to the table",
    send: "Send",
    report: "Report",
    reason: "Why? (1 to 500 characters)",
    sendReport: "Send report",
    mute: (name) => `Mute ${name}`,
    menu: (name) => `Actions on ${name}'s line`,
    reported: "Reported.",
    muted: (name) => `${name} is muted`,
    mutedList: "Muted players (1)",
    unmute: "Unmute",
  },
  fr: {
    game: process.env.LORDS_GAME_FR,
    phone: "isla",
    desk: "jamie",
    signIn: "Se connecter",
    username: "Nom d'utilisateur",
    password: "Mot de passe",
    lobby: "Salon",
    chat: "Discussion à la table",
    say: "Dire quelque chose à la table",
    send: "Envoyer",
    report: "Signaler",
    reason: "Pourquoi\u00a0? (1 à 500 caractères)",
    sendReport: "Envoyer le signalement",
    mute: (name) => `Masquer ${name}`,
    menu: (name) => `Actions sur le message de ${name}`,
    reported: "Signalé.",
    muted: (name) => `${name} est masqué`,
    mutedList: "Joueurs masqués (1)",
    unmute: "Ne plus masquer",
  },
};

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
const errors = [];
async function page(options, l) {
  const context = await browser.newContext({ ...options, locale: l === "fr" ? "fr-FR" : "en-GB" });
  const p = await context.newPage();
  p.on("pageerror", (e) => errors.push(String(e)));
  return p;
}

/** Signs in and opens the game's table, until its chat is read. */
async function atTable(p, l, username) {
  const x = T[l];
  await p.goto(`${base}/#/signin`);
  const form = p.getByRole("form", { name: x.signIn });
  await form.getByLabel(x.username).fill(username);
  await form.getByLabel(x.password).fill(PASSWORD);
  await form.getByRole("button", { name: x.signIn }).click();
  await p.getByRole("heading", { name: x.lobby, level: 1 }).waitFor();
  await p.goto(`${base}/#/game/${x.game}`);
  await p.getByRole("heading", { name: x.chat, level: 2 }).waitFor();
  await p.locator(".chat[data-chat=ready]").waitFor();
}

/** The lines of the chat panel, as read. */
function lines(p) {
  return p.locator(".chat-lines li");
}

async function say(p, l, text) {
  const box = p.getByLabel(T[l].say);
  await box.fill(text);
  await p.locator(".chat-send").getByRole("button", { name: T[l].send }).click();
  await lines(p).filter({ hasText: text }).waitFor();
  // Emptied once the server took it (the line may come on the stream first).
  await p.waitForFunction(() => /** @type {HTMLInputElement} */ (document.querySelector("#chat-text"))?.value === "");
}

try {
  for (const l of ["en", "fr"]) {
    const x = T[l];
    if (!x.game) fail(`LORDS_GAME_${l.toUpperCase()} is not set`);
    const small = await page(phone, l);
    const wide = await page(desk, l);
    await atTable(small, l, x.phone);
    await atTable(wide, l, x.desk);

    // What was said before they came is there, its sender's name a link to their profile.
    const before = lines(small).filter({ hasText: "before you came" });
    await before.waitFor();
    const href = await before.getByRole("link", { name: x.desk }).getAttribute("href");
    if (href !== `#/player/${x.desk}`) fail(`the sender's link is ${href}`);
    console.log(`${l}: the earlier line is shown, its sender linked to #/player/${x.desk}`);

    // The counter counts characters (an emoji is one), and past 500 the line cannot be sent.
    const box = small.getByLabel(x.say);
    await box.fill("Slàinte 🥃");
    await small.locator("#chat-count").filter({ hasText: "9/500" }).waitFor();
    await box.fill("x".repeat(501));
    await small.locator("#chat-count.over").waitFor();
    if (!(await small.locator(".chat-send").getByRole("button", { name: x.send }).isDisabled())) {
      fail("a line of 501 characters can be sent");
    }
    console.log(`${l}: the counter counts characters and refuses past 500`);

    // Each one's lines reach the other live: the game's stream, no reload.
    await say(small, l, `Hello from the phone (${l})`);
    await lines(wide).filter({ hasText: `Hello from the phone (${l})` }).waitFor();
    await say(wide, l, `Hello from the desk (${l})`);
    await lines(small).filter({ hasText: `Hello from the desk (${l})` }).waitFor();
    console.log(`${l}: lines reach the other player live`);
    await shot(small, l === "en" ? "chat" : "chat-fr");
    await shot(wide, l === "en" ? "chat" : "chat-fr");
    await fitsWidth(small, `the ${l} table with its chat on a phone`);
    await axe(small, `the ${l} table with its chat`);

    // Reported with a reason, asked for in a form under the lines.
    const theirs = lines(small).filter({ hasText: `Hello from the desk (${l})` });
    await theirs.getByLabel(x.menu(x.desk)).click();
    await theirs.getByRole("button", { name: x.report }).click();
    await small.getByLabel(x.reason).fill(`unkind words (${l})`);
    await small.getByRole("button", { name: x.sendReport }).click();
    await small.getByRole("status").filter({ hasText: x.reported }).waitFor();
    console.log(`${l}: a line is reported with a reason`);

    // Muted: their lines leave the panel, and stay away after a reload.
    await theirs.getByLabel(x.menu(x.desk)).click();
    await theirs.getByRole("button", { name: x.mute(x.desk) }).click();
    await small.getByRole("status").filter({ hasText: x.muted(x.desk) }).waitFor();
    if ((await lines(small).filter({ hasText: x.desk }).count()) !== 0) fail("a muted player's lines are still shown");
    await say(wide, l, `Said while muted (${l})`);
    await small.reload();
    await small.locator(".chat[data-chat=ready]").waitFor();
    await lines(small).filter({ hasText: `Hello from the phone (${l})` }).waitFor();
    if ((await lines(small).filter({ hasText: x.desk }).count()) !== 0) fail("a muted player's lines came back");
    console.log(`${l}: a muted player's lines are hidden, old and new, across a reload`);

    // Unmuted: all their lines come back, old ones included.
    await small.getByText(x.mutedList).click();
    await small.getByRole("button", { name: x.unmute }).click();
    await lines(small).filter({ hasText: `Said while muted (${l})` }).waitFor();
    await lines(small).filter({ hasText: "before you came" }).waitFor();
    console.log(`${l}: unmuted, their lines come back`);
    await small.context().close();
    await wide.context().close();
  }
  if (errors.length > 0) fail(`page errors:\n  ${errors.join("\n  ")}`);
  console.log("chat: all browser checks passed");
} finally {
  await browser.close();
}
