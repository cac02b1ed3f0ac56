// Words: the page's texts in the reader's language.
//
// Every text the page writes itself is `t(template, fields)` or
// `tn(one, many, count, fields)`, its English template marked for the message
// catalogs (gamekit/locale, `python -m gamekit.i18n.catalogs`), whose compiled
// translations the server serves as /static/i18n/LANG.json. Fields are filled in
// `{name}` braces, as the library's own words are. The language is the reader's
// choice (kept in localStorage), else the browser's, else English.
"use strict";

/** @typedef {Record<string, string | string[]>} Catalog */

/** The languages there are, each in its own words. */
export const LANGUAGES = /** @type {Record<string, string>} */ ({ en: "English", de: "Deutsch" });

/** @type {Catalog} */
let catalog = {};
let lang = "en";

/**
 * The language a reader asks for: a stored choice, else the first of the browser's
 * languages that the page has, else English.
 * @param {readonly string[]} wanted the browser's languages, first preferred
 * @param {string | null} stored the reader's own choice, if made
 * @returns {string}
 */
export function chooseLanguage(wanted, stored) {
  if (stored && stored in LANGUAGES) return stored;
  for (const tag of wanted) {
    const code = tag.toLowerCase().split("-")[0];
    if (code in LANGUAGES) return code;
  }
  return "en";
}

/**
 * Load the catalog of `code` (English needs none) and make it the page's language.
 * @param {string} code
 * @returns {Promise<void>}
 */
export async function useLanguage(code) {
  lang = code in LANGUAGES ? code : "en";
  catalog = {};
  if (lang !== "en") {
    const answer = await fetch(`/static/i18n/${lang}.json`);
    if (answer.ok) catalog = await answer.json();
  }
  document.documentElement.lang = lang;
}

/** @returns {string} the page's language code */
export function language() {
  return lang;
}

/**
 * @param {string} text
 * @param {Record<string, string | number>} fields
 * @returns {string}
 */
function fill(text, fields) {
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) =>
    name in fields ? String(fields[name]) : whole,
  );
}

/**
 * A text in the page's language, its `{fields}` filled in.
 * @param {string} template the English text
 * @param {Record<string, string | number>} [fields]
 * @returns {string}
 */
export function t(template, fields = {}) {
  const found = catalog[template];
  return fill(typeof found === "string" && found ? found : template, fields);
}

/**
 * The form of a counted text that `count` needs in the page's language.
 * @param {string} one the English singular, with `{count}`
 * @param {string} many the English plural
 * @param {number} count
 * @param {Record<string, string | number>} [fields]
 * @returns {string}
 */
export function tn(one, many, count, fields = {}) {
  const found = catalog[one];
  // German and English: the first form for 1, the second for every other count
  const forms = Array.isArray(found) && found.length >= 2 ? found : [one, many];
  return fill(count === 1 ? forms[0] : forms[1], { count, ...fields });
}
