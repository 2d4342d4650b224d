import { BRAND } from '#common/windscreen-card';
import { LANGUAGES, type Language } from '#common/languages';
import { Html, html } from './html';
import { PUBLIC_PAGE_SCRIPT_PATH } from './script';

/** Each language named in itself, for the switch. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ml: 'മലയാളം' };

/**
 * Small enough to send with every page: a slow connection gets the whole look in the first packets,
 * with the phone's own fonts (Malayalam included) and no request for anything else.
 */
const STYLES = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Malayalam",sans-serif;color:#1b1b1f;background:#f4f6fb}
header,main{max-width:32rem;margin:0 auto;padding:0 1rem}
header{display:flex;justify-content:space-between;align-items:center;padding-top:.75rem;padding-bottom:.75rem}
.brand{font-weight:700;color:#1d4ed8;text-decoration:none}
nav a{color:#1d4ed8}
nav [aria-current]{font-weight:700;color:inherit;text-decoration:none}
.card{background:#fff;border-radius:12px;padding:1rem;margin:0 0 1rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.35rem;margin:.25rem 0 .75rem}
.plate{font:700 1.5rem/1.2 ui-monospace,monospace;letter-spacing:.05em}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input[type=text],input[type=tel],input[inputmode],textarea{width:100%;font:inherit;padding:.6rem;border:1px solid #8a8fa0;border-radius:8px}
fieldset{border:0;padding:0;margin:.75rem 0}
legend{font-weight:600;margin-bottom:.25rem}
.choice{display:flex;gap:.5rem;align-items:flex-start;font-weight:400;margin:.4rem 0}
.choice input{margin-top:.3rem}
button,.button{display:inline-block;width:100%;margin-top:1rem;padding:.75rem 1rem;font:inherit;font-weight:700;color:#fff;background:#1d4ed8;border:0;border-radius:8px;text-align:center;text-decoration:none}
.secondary{background:#fff;color:#1d4ed8;border:1px solid #1d4ed8}
.error{color:#b3261e;font-weight:600}
.notice{font-weight:600}
.steps{list-style:none;padding:0}
.steps li{padding:.25rem 0;color:#6b7080}
.steps li.done{color:#1b1b1f}
.steps li.done::before{content:"✓ ";color:#15803d}
.answer{font-size:1.25rem;font-weight:700;color:#15803d}
.muted{color:#6b7080}
`;

export interface PublicPage {
  language: Language;
  title: string;
  body: Html;
  /** This page in another language (the English | മലയാളം switch). */
  hrefIn: (language: Language) => string;
  /** With scripts off, the page reloads itself this often (seconds); with scripts on it is kept live. */
  refreshWithoutScript?: number;
  /** The page's one small script (progressive: the page works without it). */
  script?: boolean;
}

/**
 * The frame of the pages read by people who are not users (windscreen cards, wiper slips): one HTML
 * document, styles inline (allowed for style elements by the CSP), no inline script.
 */
export function publicPage(page: PublicPage): string {
  const switchLinks = LANGUAGES.map((language) =>
    language === page.language
      ? html`<a aria-current="true" lang="${language}">${LANGUAGE_NAMES[language]}</a>`
      : html`<a href="${page.hrefIn(language)}" lang="${language}" hreflang="${language}"
          >${LANGUAGE_NAMES[language]}</a
        >`,
  );
  const separated = switchLinks.flatMap((link, index) => (index === 0 ? [link] : [html` | `, link]));
  return `<!doctype html>${
    html`<html lang="${page.language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${page.title} · ${BRAND}</title>
        ${page.refreshWithoutScript ? html`<noscript><meta http-equiv="refresh" content="${page.refreshWithoutScript}" /></noscript>` : null}
        <style>
          ${new Html(STYLES)}
        </style>
        ${page.script ? html`<script src="${PUBLIC_PAGE_SCRIPT_PATH}" defer></script>` : null}
      </head>
      <body>
        <header>
          <a class="brand" href="/">${BRAND}</a>
          <nav>${separated}</nav>
        </header>
        <main>${page.body}</main>
      </body>
    </html>`.markup
  }`;
}
