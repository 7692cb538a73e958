// "Apps and tokens" in a real browser (Debian's Chromium through playwright-core) against a real
// server, in two phases the test harness runs one after the other (it uses the tokens over HTTP
// in between, and checks they are refused after).
//
// Phase "create" (account alba exists): on a phone in English, alba reaches "Apps and tokens"
// from the settings, is refused a token with no scope (the code's sentence), creates one with
// two scopes and 30 days; it is shown once with a warning, "Copy token" puts it on the clipboard
// (read back); after a reload it is listed (name, scopes in words, dates) and its secret is
// nowhere on the page. On a desktop in French, from the account screen, a second one with no
// expiry. Prints `token en: …` and `token fr: …` for the harness. axe-core finds no serious
// violation; nothing wider than the phone; screenshots at 360×640 and 1280×800 in both
// languages (`tokens-*`, `tokens-fr-*`, `tokens-new-*`).
//
// Phase "revoke" (LORDS_TOKEN_NAMES: the two names): each is revoked after its confirmation
// ("Keep it" first, which keeps it), in English on a desktop and in French on a phone, and is
// gone from the list across a reload (`tokens-revoke-*` screenshots).
//
//   LORDS_PHASE=create node web/tests/tokens.mjs http://127.0.0.1:8080
import { chromium } from "playwright-core";
import { axe, base, executablePath, fail, shot, fitsWidth } from "./harness.mjs";

const phase = process.env.LORDS_PHASE ?? "create";
const PASSWORD = "correct horse battery";

const desk = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Texts by language, as a person reads them. */
const T = {
  en: {
    signIn: "Sign in",
    username: "Username",
    password: "Password",
    lobby: "Lobby",
    settings: "Settings",
    title: "Apps and tokens",
    personal: "Personal tokens",
    create: "Create token",
    name: "Name",
    expiry: /^Expires after/,
    gameRead: /See your games/,
    accountRead: /See your username/,
    lobbyWrite: /Create, join and leave games/,
    warning: "Copy it now: it will not be shown again.",
    field: "New token",
    copy: "Copy token",
    copied: "Copied to the clipboard.",
    never: "Never",
    notUsed: "Not used yet",
    revoke: (name) => `Revoke the token ${name}`,
    yes: "Revoke",
    keep: "Keep it",
    revoked: (name) => `The token “${name}” is revoked.`,
    none: "No personal token.",
    noScope: "Tick at least one thing the token may do",
  },
  fr: {
    signIn: "Se connecter",
    username: "Nom d'utilisateur",
    password: "Mot de passe",
    lobby: "Salon",
    settings: "Réglages",
    title: "Applications et jetons",
    personal: "Jetons personnels",
    create: "Créer le jeton",
    name: "Nom",
    expiry: /^Expire au bout de/,
    gameRead: /Voir vos parties/,
    accountRead: /Voir votre nom d'utilisateur/,
    lobbyWrite: /Créer, rejoindre et quitter/,
    warning: "Copiez-le maintenant : il ne sera plus jamais affiché.",
    field: "Nouveau jeton",
    copy: "Copier le jeton",
    copied: "Copié dans le presse-papiers.",
    never: "Jamais",
    notUsed: "Pas encore utilisé",
    revoke: (name) => `Révoquer le jeton ${name}`,
    yes: "Révoquer",
    keep: "Le garder",
    revoked: (name) => `Le jeton « ${name} » est révoqué.`,
    none: "Aucun jeton personnel.",
    noScope: "Cochez au moins une chose",
  },
};

const NAMES = { en: "scoreboard script", fr: "sauvegarde des parties" };

async function signIn(page, l) {
  await page.goto(`${base}/#/signin`);
  const form = page.getByRole("form", { name: T[l].signIn });
  await form.getByLabel(T[l].username).fill("alba");
  await form.getByLabel(T[l].password).fill(PASSWORD);
  await form.getByRole("button", { name: T[l].signIn }).click();
  await page.getByRole("heading", { name: T[l].lobby, level: 1 }).waitFor();
}

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
const errors = [];
async function page(options, l) {
  const context = await browser.newContext({ ...options, locale: l === "fr" ? "fr-FR" : "en-GB" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
  const p = await context.newPage();
  p.on("pageerror", (e) => errors.push(String(e)));
  return p;
}

/** The list item of the token named `name` (its heading). */
function item(page, name) {
  return page.locator("li.grant").filter({ has: page.getByRole("heading", { name, exact: true, level: 3 }) });
}

try {
  if (phase === "create") {
    for (const [l, size] of [
      ["en", phone],
      ["fr", desk],
    ]) {
      const x = T[l];
      const p = await page(size, l);
      await signIn(p, l);
      if (l === "en") {
        await p.getByRole("link", { name: x.settings, exact: true }).click();
        await p.getByRole("heading", { name: x.settings, level: 1 }).waitFor();
      } else {
        await p.getByRole("link", { name: /^Compte/ }).click();
      }
      await p.getByRole("link", { name: x.title }).click();
      await p.getByRole("heading", { name: x.title, level: 1 }).waitFor();
      const form = p.getByRole("form", { name: x.create });
      await form.getByRole("textbox", { name: x.name, exact: true }).fill(NAMES[l]);
      // No scope ticked: the server refuses it, and the code reads as the catalogue's sentence.
      await form.getByRole("button", { name: x.create }).click();
      await p.locator("#create-token-problem[data-code=invalid_scope]").filter({ hasText: x.noScope }).waitFor();
      await form.getByRole("checkbox", { name: x.gameRead }).check();
      await form.getByRole("checkbox", { name: x.accountRead }).check();
      if (l === "en") await form.getByLabel(x.expiry).fill("30");
      else await form.getByLabel(x.expiry).fill("");
      await form.getByRole("button", { name: x.create }).click();
      await p.getByText(x.warning).waitFor();
      const field = p.getByRole("textbox", { name: x.field });
      const token = await field.inputValue();
      if (!token.startsWith("lords_pat_")) fail(`the new token reads ${token}`);
      await p.getByRole("button", { name: x.copy }).click();
      await p.getByRole("status").filter({ hasText: x.copied }).waitFor();
      const clipboard = await p.evaluate(() => navigator.clipboard.readText());
      if (clipboard !== token) fail(`the clipboard holds ${clipboard}, not the new token`);
      await fitsWidth(p, `the ${l} new token`);
      await shot(p, l === "en" ? "tokens-new" : "tokens-fr-new");
      await axe(p, `the ${l} new token`);
      console.log(`${l}: the new token is shown once and copied to the clipboard`);
      console.log(`token ${l}: ${token}`);

      // Shown once: after a reload it is listed, its secret nowhere.
      await p.reload();
      await p.getByRole("heading", { name: x.title, level: 1 }).waitFor();
      const row = item(p, NAMES[l]);
      await row.waitFor();
      await row.getByText(x.gameRead).waitFor();
      await row.getByText(x.accountRead).waitFor();
      if ((await row.getByText(x.lobbyWrite).count()) > 0) fail("a scope not chosen is listed");
      await row.getByText(x.notUsed).waitFor();
      if (l === "fr") await row.locator("dd").filter({ hasText: x.never }).waitFor();
      const html = await p.content();
      if (html.includes(token)) fail(`the ${l} token is on the page after a reload`);
      console.log(`${l}: after a reload the token is listed and its secret is gone`);
      await fitsWidth(p, `the ${l} tokens screen`);
      await shot(p, l === "en" ? "tokens" : "tokens-fr");
      await axe(p, `the ${l} tokens screen`);

      // The same screen at the other size.
      const other = await page(size === phone ? desk : phone, l);
      await signIn(other, l);
      await other.goto(`${base}/#/tokens`);
      await item(other, NAMES[l]).waitFor();
      await fitsWidth(other, `the ${l} tokens screen`);
      await shot(other, l === "en" ? "tokens" : "tokens-fr");
    }
    if (errors.length > 0) fail(`the pages reported errors:\n  ${errors.join("\n  ")}`);
    console.log("tokens create: all browser checks passed");
  } else {
    for (const [l, size] of [
      ["en", desk],
      ["fr", phone],
    ]) {
      const x = T[l];
      const p = await page(size, l);
      await signIn(p, l);
      await p.goto(`${base}/#/tokens`);
      const row = item(p, NAMES[l]);
      // The harness used it: the list says when.
      await row.waitFor();
      if ((await row.getByText(x.notUsed).count()) > 0) fail(`the ${l} token reads as never used after it was used`);
      await row.getByRole("button", { name: x.revoke(NAMES[l]) }).click();
      const question = row.getByRole("alertdialog");
      await question.waitFor();
      await shot(p, l === "en" ? "tokens-revoke" : "tokens-revoke-fr");
      await axe(p, `the ${l} revocation question`);
      await question.getByRole("button", { name: x.keep }).click();
      await row.getByRole("button", { name: x.revoke(NAMES[l]) }).waitFor();
      await row.getByRole("button", { name: x.revoke(NAMES[l]) }).click();
      await row.getByRole("alertdialog").getByRole("button", { name: x.yes, exact: true }).click();
      await p.getByRole("status").filter({ hasText: x.revoked(NAMES[l]) }).waitFor();
      await item(p, NAMES[l]).waitFor({ state: "detached" });
      await p.reload();
      await p.getByRole("heading", { name: x.personal, level: 2 }).waitFor();
      // The list read again: the other token still there, or none left.
      if (l === "en") await item(p, NAMES.fr).waitFor();
      else await p.getByText(x.none).waitFor();
      if ((await item(p, NAMES[l]).count()) > 0) fail(`the ${l} token is still listed after a reload`);
      console.log(`${l}: the token is revoked after its confirmation and gone from the list`);
    }
    if (errors.length > 0) fail(`the pages reported errors:\n  ${errors.join("\n  ")}`);
    console.log("tokens revoke: all browser checks passed");
  }
} finally {
  await browser.close();
}
