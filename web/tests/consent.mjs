// The OAuth consent page and the authorized apps in a real browser (Debian's Chromium through
// playwright-core) against a real server, in two phases the test harness runs one after the
// other (it exchanges the code at POST /oauth/token in between, as the app would).
//
// The app's redirect URI is a loopback address this script serves (RFC 8252 §7.3):
// http://127.0.0.1:<port>/cb, which records the query it is sent to.
//
// Phase "consent" (account alba exists): signed out on a phone in English, the consent page
// asks to sign in first, then names the app, where it sends the person and the scopes in words;
// Approve leads to the redirect URI with `code` and the `state`. Prints `code: …`, `verifier: …`
// and `redirect_uri: …` for the harness. Signed in on a desktop in French, Deny leads to
// `error=access_denied` and the state. An unsupported response type with a valid redirect URI
// is said in words, in English and French, and goes there with `error=unsupported_response_type`
// only when the person follows the link back to the app, never at once. An invalid redirect URI (plain
// http to another host) and a missing challenge read as the problem, in English and French,
// and never navigate. axe-core finds no serious violation; nothing wider than the phone;
// screenshots at 360×640 and 1280×800 in both languages (`consent-*`, `consent-fr-*`,
// `consent-invalid-*`, `consent-refused-*`, `consent-signin-*`).
//
// Phase "apps" (LORDS_CLIENT_ID: the app's name): the app is listed in "Apps and tokens" (its
// name, where it redirects, its scopes in words) in French on a phone, and in English on a
// desktop it is revoked after its confirmation and gone across a reload (`apps-*` screenshots).
//
//   LORDS_PHASE=consent node web/tests/consent.mjs http://127.0.0.1:8080
import { chromium } from "playwright-core";
import { axe, base, executablePath, fail, shot, fitsWidth } from "./harness.mjs";
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";

const phase = process.env.LORDS_PHASE ?? "consent";
const PASSWORD = "correct horse battery";
const CLIENT_ID = process.env.LORDS_CLIENT_ID ?? "Lochside Scoreboard";

const desk = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const T = {
  en: {
    signIn: "Sign in",
    username: "Username",
    password: "Password",
    lobby: "Lobby",
    signInFirst: "An app asks to use your account",
    question: `Allow “${CLIENT_ID}” to use your account?`,
    sendsTo: (origin) => `you go back to ${origin}`,
    gameRead: /See your games/,
    accountRead: /See your username/,
    approve: "Approve",
    deny: "Deny",
    invalid: "This request is not valid",
    refused: "This request is not supported",
    backToApp: (origin) => `Go back to ${origin}`,
    title: "Apps and tokens",
    apps: "Authorized apps",
    redirects: (origin) => `Sends you back to ${origin}`,
    revoke: `Revoke the access of ${CLIENT_ID}`,
    yes: "Revoke",
    revoked: `The access of “${CLIENT_ID}” is revoked.`,
    noApps: "No app is allowed to use your account.",
  },
  fr: {
    signIn: "Se connecter",
    username: "Nom d'utilisateur",
    password: "Mot de passe",
    lobby: "Salon",
    signInFirst: "Une application demande à utiliser votre compte",
    question: `Autoriser « ${CLIENT_ID} » à utiliser votre compte ?`,
    sendsTo: (origin) => `vous revenez sur ${origin}`,
    gameRead: /Voir vos parties/,
    accountRead: /Voir votre nom d'utilisateur/,
    approve: "Approuver",
    deny: "Refuser",
    invalid: "Cette demande n'est pas valable",
    refused: "Cette demande n'est pas prise en charge",
    backToApp: (origin) => `Retourner vers ${origin}`,
    title: "Applications et jetons",
    apps: "Applications autorisées",
    redirects: (origin) => `Vous renvoie vers ${origin}`,
  },
};

/** The app's side: a loopback server that records where the browser was sent. */
const arrivals = [];
const app = createServer((req, res) => {
  arrivals.push(new URL(req.url ?? "/", "http://127.0.0.1"));
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  res.end('<!doctype html><html lang="en"><title>Back in the app</title><h1>Back in the app</h1></html>');
});
await new Promise((done) => app.listen(0, "127.0.0.1", done));
const address = /** @type {import("node:net").AddressInfo} */ (app.address());
const origin = `http://127.0.0.1:${address.port}`;
const redirectUri = `${origin}/cb`;

/** PKCE (RFC 7636): a verifier and its S256 challenge. */
function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** @param {Record<string, string | undefined>} overrides undefined leaves a parameter out */
function authorizeUrl(overrides) {
  const q = new URLSearchParams();
  const all = {
    response_type: "code",
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    scope: "account:read game:read",
    state: randomBytes(8).toString("hex"),
    code_challenge: pkce().challenge,
    code_challenge_method: "S256",
    ...overrides,
  };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) q.set(k, v);
  return `${base}/oauth/authorize?${q}`;
}

/** Waits for the browser to reach the app's redirect URI and returns its query. */
async function arrived(page) {
  await page.waitForURL((u) => u.toString().startsWith(redirectUri));
  await page.getByRole("heading", { name: "Back in the app" }).waitFor();
  return new URL(page.url()).searchParams;
}

async function signInForm(page, l) {
  const form = page.getByRole("form", { name: T[l].signIn });
  await form.getByLabel(T[l].username).fill("alba");
  await form.getByLabel(T[l].password).fill(PASSWORD);
  await form.getByRole("button", { name: T[l].signIn }).click();
}

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
const errors = [];
async function page(options, l) {
  const context = await browser.newContext({ ...options, locale: l === "fr" ? "fr-FR" : "en-GB" });
  const p = await context.newPage();
  p.on("pageerror", (e) => errors.push(String(e)));
  return p;
}

/** The consent screen for `l`: the app, where it sends, the scopes in words. */
async function consentShown(p, l) {
  const x = T[l];
  await p.getByRole("heading", { name: x.question, level: 1 }).waitFor();
  await p.getByText(x.sendsTo(origin)).waitFor();
  const scopes = p.locator(".consent .scopes li");
  await scopes.filter({ hasText: x.gameRead }).waitFor();
  await scopes.filter({ hasText: x.accountRead }).waitFor();
  if ((await scopes.count()) !== 2) fail(`the consent lists ${await scopes.count()} scopes, not 2`);
}

try {
  if (phase === "consent") {
    // Signed out, on a phone: sign in first, then the consent; Approve.
    const en = await page(phone, "en");
    const { verifier, challenge } = pkce();
    const state = "st-" + randomBytes(6).toString("hex");
    await en.goto(authorizeUrl({ state, code_challenge: challenge }));
    await en.getByText(T.en.signInFirst).waitFor();
    await fitsWidth(en, "the sign-in before the consent");
    await shot(en, "consent-signin");
    await signInForm(en, "en");
    await consentShown(en, "en");
    if (!new URL(en.url()).pathname.startsWith("/oauth/authorize")) fail(`signing in left the consent page: ${en.url()}`);
    await fitsWidth(en, "the en consent");
    await shot(en, "consent");
    await axe(en, "the en consent");
    await en.getByRole("button", { name: T.en.approve, exact: true }).click();
    const approved = await arrived(en);
    const code = approved.get("code") ?? fail(`no code in ${en.url()}`);
    if (approved.get("state") !== state) fail(`the state came back as ${approved.get("state")}`);
    console.log("en: signed out, signed in first, then Approve led to the redirect URI with a code and the state");
    console.log(`code: ${code}`);
    console.log(`verifier: ${verifier}`);
    console.log(`redirect_uri: ${redirectUri}`);

    // Signed in, on a desktop, in French: Deny.
    const fr = await page(desk, "fr");
    await fr.goto(`${base}/#/signin`);
    await signInForm(fr, "fr");
    await fr.getByRole("heading", { name: T.fr.lobby, level: 1 }).waitFor();
    await fr.goto(authorizeUrl({ state: "refus" }));
    await consentShown(fr, "fr");
    await shot(fr, "consent-fr");
    await axe(fr, "the fr consent");
    await fr.getByRole("button", { name: T.fr.deny, exact: true }).click();
    const denied = await arrived(fr);
    if (denied.get("error") !== "access_denied" || denied.get("state") !== "refus" || denied.has("code")) {
      fail(`Deny led to ${fr.url()}`);
    }
    console.log("fr: Deny led to the redirect URI with error=access_denied and the state");

    // The other sizes of the consent, signed in.
    const enWide = await page(desk, "en");
    await enWide.goto(authorizeUrl({}));
    await signInForm(enWide, "en");
    await consentShown(enWide, "en");
    await shot(enWide, "consent");
    const frPhone = await page(phone, "fr");
    await frPhone.goto(authorizeUrl({}));
    await signInForm(frPhone, "fr");
    await consentShown(frPhone, "fr");
    await fitsWidth(frPhone, "the fr consent");
    await shot(frPhone, "consent-fr");

    // A response type the server does not support, with a valid redirect URI: said in words,
    // with a link back to the app; the browser goes there only when the person follows it
    // (RFC 9700 §4.11.2: an unregistered redirect URI is never redirected to at once).
    const beforeRefusal = arrivals.length;
    for (const [p, l] of [[enWide, "en"], [frPhone, "fr"]]) {
      await p.goto(authorizeUrl({ response_type: "token", state: "implicit" }));
      await p.getByRole("heading", { name: T[l].refused, level: 1 }).waitFor();
      await p.waitForTimeout(500);
      if (!new URL(p.url()).pathname.startsWith("/oauth/authorize")) fail(`an unsupported response type navigated to ${p.url()} unasked`);
      await fitsWidth(p, `the ${l} refused request`);
      await shot(p, l === "en" ? "consent-refused" : "consent-refused-fr");
    }
    await axe(frPhone, "the fr refused request");
    if (arrivals.length !== beforeRefusal) fail("an unsupported response type reached the redirect URI unasked");
    await enWide.getByRole("link", { name: T.en.backToApp(origin) }).click();
    const unsupported = await arrived(enWide);
    if (unsupported.get("error") !== "unsupported_response_type" || unsupported.get("state") !== "implicit") {
      fail(`an unsupported response type led to ${enWide.url()}`);
    }
    console.log("an unsupported response type is said in words and goes to the redirect URI with its error only by a click");

    // Invalid requests: said in words, never redirected.
    const before = arrivals.length;
    for (const [p, l, overrides, name] of [
      [enWide, "en", { redirect_uri: "http://example.org/cb" }, "consent-invalid"],
      [frPhone, "fr", { code_challenge: undefined, code_challenge_method: undefined }, "consent-invalid-fr"],
      [en, "en", { redirect_uri: "http://example.org/cb" }, "consent-invalid"],
      [fr, "fr", { code_challenge_method: "plain" }, "consent-invalid-fr"],
    ]) {
      await p.goto(authorizeUrl(overrides));
      await p.getByRole("heading", { name: T[l].invalid, level: 1 }).waitFor();
      await p.locator("#consent-invalid[data-code=invalid_request]").waitFor();
      if ((await p.getByRole("button", { name: T[l].approve, exact: true }).count()) > 0) fail("an invalid request offers Approve");
      await fitsWidth(p, `the ${l} invalid request`);
      await shot(p, name);
      if (!new URL(p.url()).pathname.startsWith("/oauth/authorize")) fail(`an invalid request navigated to ${p.url()}`);
    }
    await axe(frPhone, "the fr invalid request");
    if (arrivals.length !== before) fail("an invalid request reached the redirect URI");
    console.log("invalid requests (redirect URI, missing or plain challenge) read as the problem and never navigate, in English and French");
    if (errors.length > 0) fail(`the pages reported errors:\n  ${errors.join("\n  ")}`);
    console.log("consent: all browser checks passed");
  } else {
    // The app the harness completed the flow for is listed, in French on a phone.
    const fr = await page(phone, "fr");
    await fr.goto(`${base}/#/signin`);
    await signInForm(fr, "fr");
    await fr.getByRole("heading", { name: T.fr.lobby, level: 1 }).waitFor();
    await fr.goto(`${base}/#/tokens`);
    const appFr = fr.locator("li.grant").filter({ has: fr.getByRole("heading", { name: CLIENT_ID, level: 3 }) });
    await appFr.waitFor();
    const redirectOrigin = process.env.LORDS_REDIRECT_ORIGIN ?? fail("LORDS_REDIRECT_ORIGIN is not set");
    await appFr.getByText(T.fr.redirects(redirectOrigin)).waitFor();
    await appFr.getByText(T.fr.gameRead).waitFor();
    await appFr.getByText(T.fr.accountRead).waitFor();
    await fitsWidth(fr, "the fr authorized apps");
    await shot(fr, "apps-fr");
    await axe(fr, "the fr authorized apps");
    console.log("fr: the authorized app is listed with where it redirects and its scopes in words");

    // Revoked in English on a desktop.
    const en = await page(desk, "en");
    await en.goto(`${base}/#/signin`);
    await signInForm(en, "en");
    await en.getByRole("heading", { name: T.en.lobby, level: 1 }).waitFor();
    await en.goto(`${base}/#/tokens`);
    const appEn = en.locator("li.grant").filter({ has: en.getByRole("heading", { name: CLIENT_ID, level: 3 }) });
    await appEn.waitFor();
    await shot(en, "apps");
    await appEn.getByRole("button", { name: T.en.revoke }).click();
    await appEn.getByRole("alertdialog").getByRole("button", { name: T.en.yes, exact: true }).click();
    await en.getByRole("status").filter({ hasText: T.en.revoked }).waitFor();
    await en.reload();
    await en.getByText(T.en.noApps).waitFor();
    console.log("en: the authorized app is revoked after its confirmation and gone from the list");
    if (errors.length > 0) fail(`the pages reported errors:\n  ${errors.join("\n  ")}`);
    console.log("apps: all browser checks passed");
  }
} finally {
  await browser.close();
  app.close();
}
