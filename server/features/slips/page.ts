import type { I18n } from '@lingui/core';
import type { Language } from '#common/languages';
import { formatRelativeTime } from '#common/relative-time';
import { REPLY_KINDS, replyLabel, replyStatusText } from '#common/replies';
import { slipPath } from '#common/slip-code';
import type { PublicSlip } from '#common/slips-api';
import { html, type Html } from '../../lib/public-page/html';
import { publicPage } from '../../lib/public-page/layout';

/** What the page says: the slip's note (or that it is unused), or that the code leads nowhere. */
export type SlipPageContent = { kind: 'slip'; code: string; slip: PublicSlip } | { kind: 'not_found' };

function body(i18n: I18n, content: SlipPageContent, language: Language, now: Date): Html {
  if (content.kind === 'not_found') return html`<h1>${i18n._('server.slips.page.notFound')}</h1>`;
  const { code, slip } = content;
  if (!slip.used) return html`<h1>${i18n._('server.slips.page.unused')}</h1>`;
  const when = formatRelativeTime(new Date(slip.sentAt), now, language);
  const note = html`<h1>
      ${i18n._('server.slips.page.heading')} <span class="plate">${slip.vehicleNumber}</span>
    </h1>
    <blockquote class="card">${slip.text}</blockquote>
    <p class="muted">${i18n._('server.slips.page.left', { when })}</p>`;
  if (slip.reply) {
    return html`${note}
      <p class="answer" role="status">
        ${i18n._('server.slips.page.answered', { status: replyStatusText(i18n, slip.reply.kind) })}
      </p>
      <h2>${i18n._('server.slips.page.inviteHeading')}</h2>
      <p>${i18n._('server.slips.page.invite')}</p>
      <a class="button" href="/registration">${i18n._('server.slips.page.register')}</a>`;
  }
  const buttons = REPLY_KINDS.map(
    (kind) => html`<button name="kind" value="${kind}">${replyLabel(i18n, kind)}</button>`,
  );
  return html`${note}
    <h2>${i18n._('server.slips.page.answerHeading')}</h2>
    <form method="post" action="${slipPath(code)}?lang=${language}">${buttons}</form>`;
}

/**
 * The slip's page as the driver who finds it reads it, in the frame of the public pages: no script,
 * no app, no account; answers as one form of buttons (posted, then shown again).
 */
export function slipPageHtml(i18n: I18n, content: SlipPageContent, language: Language, now: Date): string {
  const path = content.kind === 'slip' ? slipPath(content.code) : '';
  return publicPage({
    language,
    title: i18n._('server.slips.page.title'),
    body: body(i18n, content, language, now),
    hrefIn: (lang) => `${path}?lang=${lang}`,
  });
}
