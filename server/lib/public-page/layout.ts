import { BRAND } from '#common/windscreen-card';
import { LANGUAGES, type Language } from '#common/languages';
import { Html, html } from './html';
import { PUBLIC_PAGE_SCRIPT_PATH } from './script';

/** Each language named in itself, for the switch. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ml: 'മലയാളം' };

/**
 * The app's own colours, type and sizes (its `src/styles.css` variables), so that someone who knows
 * the app recognises these pages; every control at least `--tap` (44 px) each way. Small enough to
 * send with every page: a slow connection gets the whole look in the first packets, with the phone's
 * own fonts (Malayalam included) and no request for anything else.
 */
export const PUBLIC_PAGE_STYLES = `
:root{--accent:#0f766e;--accent-strong:#115e59;--accent-soft:#ccfbf1;--text:#111827;--muted:#4b5563;--border:#d1d5db;--surface:#ffffff;--background:#f3f4f6;--danger:#b91c1c;--success:#15803d;--radius:0.625rem;--focus:0 0 0 3px #fff,0 0 0 5px var(--accent);--tap:2.75rem}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Malayalam",sans-serif;color:var(--text);background:var(--background)}
header,main{max-width:32rem;margin:0 auto;padding:0 1rem}
header{display:flex;justify-content:space-between;align-items:center;gap:.5rem;min-height:3.5rem;background:var(--surface);border-bottom:1px solid var(--border);max-width:none}
a{color:var(--accent)}
:focus-visible{outline:none;box-shadow:var(--focus)}
.brand,nav a{display:inline-flex;align-items:center;min-height:var(--tap);min-width:var(--tap);justify-content:center;font-weight:700;text-decoration:none}
nav{display:flex;gap:.25rem}
nav a{padding:0 .5rem;border-radius:var(--radius);font-weight:600}
nav [aria-current]{color:var(--text);background:var(--accent-soft)}
main{padding-top:1rem}
.card{background:var(--surface);border-radius:var(--radius);padding:1.25rem;margin:0 0 1rem;box-shadow:0 1px 3px rgb(17 24 39/.08)}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}
h2{font-size:1.25rem;line-height:1.25}
.plate{font:700 1.5rem/1.2 ui-monospace,monospace;letter-spacing:.05em}
label{display:block;margin:.75rem 0 .25rem;font-weight:600;font-size:.9375rem}
.hint{margin:0 0 .25rem;color:var(--muted);font-size:.875rem}
input[type=text],input[type=tel],input[inputmode],textarea{width:100%;min-height:var(--tap);font:inherit;padding:.5rem .75rem;background:var(--surface);border:1.5px solid var(--border);border-radius:var(--radius)}
input:focus-visible,textarea:focus-visible{border-color:var(--accent)}
fieldset{border:0;padding:0;margin:.75rem 0}
legend{font-weight:600;margin-bottom:.25rem}
.choice{display:flex;gap:.5rem;align-items:center;min-height:var(--tap);padding:.25rem 0;font-weight:400;margin:0}
.choice input{width:1.25rem;height:1.25rem;margin:0;flex:none;accent-color:var(--accent)}
button,.button{display:flex;align-items:center;justify-content:center;width:100%;min-height:var(--tap);margin-top:1rem;padding:.625rem 1.125rem;font:inherit;font-weight:600;color:#fff;background:var(--accent);border:1.5px solid var(--accent);border-radius:var(--radius);text-decoration:none}
button:hover,.button:hover{background:var(--accent-strong)}
.secondary{background:var(--surface);color:var(--accent)}
.error{color:var(--danger);font-weight:600}
.notice{font-weight:600}
.steps{list-style:none;padding:0}
.steps li{padding:.25rem 0;color:var(--muted)}
.steps li.done{color:var(--text)}
.steps li.done::before{content:"✓ ";color:var(--success)}
.answer{font-size:1.25rem;font-weight:700;color:var(--success)}
.muted{color:var(--muted)}
blockquote{margin:0 0 .75rem}
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
  return `<!doctype html>${
    html`<html lang="${page.language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${page.title} · ${BRAND}</title>
        ${page.refreshWithoutScript ? html`<noscript><meta http-equiv="refresh" content="${page.refreshWithoutScript}" /></noscript>` : null}
        <style>
          ${new Html(PUBLIC_PAGE_STYLES)}
        </style>
        ${page.script ? html`<script src="${PUBLIC_PAGE_SCRIPT_PATH}" defer></script>` : null}
      </head>
      <body>
        <header>
          <a class="brand" href="/">${BRAND}</a>
          <nav>${switchLinks}</nav>
        </header>
        <main>${page.body}</main>
      </body>
    </html>`.markup
  }`;
}
