// The web client's message catalogues: web/static/js/i18n/en.js and fr.js must have exactly the
// same keys, at every depth, with the same kind of value (text, or a function of the same number of
// arguments), and no empty text. Exits non-zero naming every difference.
//
//   node web/tests/i18n.mjs
import en from "../static/js/i18n/en.js";
import fr from "../static/js/i18n/fr.js";

const problems = [];

function kind(v) {
  if (typeof v === "function") return `function of ${v.length}`;
  if (v !== null && typeof v === "object") return "object";
  return typeof v;
}

function compare(a, b, path) {
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const at = path ? `${path}.${key}` : key;
    if (!(key in a)) problems.push(`${at}: missing in en.js`);
    else if (!(key in b)) problems.push(`${at}: missing in fr.js`);
    else if (kind(a[key]) !== kind(b[key])) problems.push(`${at}: ${kind(a[key])} in en.js, ${kind(b[key])} in fr.js`);
    else if (kind(a[key]) === "object") compare(a[key], b[key], at);
    else if (typeof a[key] === "string" && (a[key].trim() === "" || b[key].trim() === "")) problems.push(`${at}: empty`);
  }
}

compare(en, fr, "");
if (en.lang !== "en" || fr.lang !== "fr") problems.push("lang: each catalogue names its own language");
const keys = (o) => Object.values(o).reduce((n, v) => n + (kind(v) === "object" ? keys(v) : 1), 0);
if (problems.length > 0) {
  console.error(`the catalogues differ:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`catalogues: en.js and fr.js have the same ${keys(en)} keys`);
