import type { I18n } from '@lingui/core';
import type { PublicCard } from '#common/card-api';
import type { Language } from '#common/languages';
import { MESSAGE_MAX } from '#common/limits';
import { TYPED_PHONE_MAX } from '#common/phone';
import { TEMPLATE_KEYS, templateText } from '#common/message-templates';
import { requestStatusText } from '#common/replies';
import { maskedVehicleNumber } from '#common/vehicle-number';
import { vehicleTypeLabel } from '#common/vehicle-type-label';
import { html, type Html } from '../../../lib/public-page/html';
import { pathIn } from '../../../lib/public-page/language';
import type { FollowedRequest, SentMessage } from '../../../domain/requests/status-tokens';

/** The radio choice that stands for the stranger's own text instead of a suggestion. */
export const OWN_TEXT = 'own';

/** What the stranger typed, shown again with the reason when a send is refused. */
export interface CardForm {
  plateLast4?: string;
  templateKey?: string;
  text?: string;
}

export const cardPath = (code: string) => `/c/${encodeURIComponent(code)}`;
export const cardStatusPath = (code: string, statusToken: string) =>
  `${cardPath(code)}/sent/${encodeURIComponent(statusToken)}`;

function vehicleHeading(i18n: I18n, card: PublicCard): Html {
  return html`<p>${vehicleTypeLabel(i18n, card.vehicleType)}</p>
    <p class="plate">${card.maskedNumber}</p>`;
}

/**
 * A required box for digits (the plate's last four, a phone, a one-time code), named by its label:
 * its id is its field name. A hint between the label and the box describes it. The attributes follow
 * in the order given.
 */
function digitsBox(
  name: string,
  label: string,
  { hint, attributes }: { hint?: { id: string; text: string }; attributes: Record<string, string | number> },
): Html {
  const written = Object.entries(attributes).map(([attribute, value]) => html` ${attribute}="${value}"`);
  return html`<label for="${name}">${label}</label>
    ${hint ? html`<p class="hint" id="${hint.id}">${hint.text}</p>` : null}
    <input
      id="${name}"
      name="${name}"
      ${hint ? html`aria-describedby="${hint.id}"` : null}
      inputmode="numeric"
      required${written}
    />`;
}

function sendForm(i18n: I18n, language: Language, code: string, card: PublicCard, form: CardForm) {
  const chosen = form.templateKey ?? TEMPLATE_KEYS[0];
  const choice = (value: string, label: string) =>
    html`<label class="choice"
      ><input type="radio" name="templateKey" value="${value}" ${chosen === value ? html` checked` : null} />
      <span>${label}</span></label
    >`;
  return html`<form method="post" action="${pathIn(cardPath(code), language)}">
    ${digitsBox('plateLast4', i18n._('cardPage.plateLast4'), {
      hint: { id: 'plateWhy', text: i18n._('cardPage.plateWhy') },
      attributes: {
        pattern: '[0-9]{4}',
        maxlength: 4,
        minlength: 4,
        autocomplete: 'off',
        value: form.plateLast4 ?? '',
      },
    })}
    <fieldset>
      <legend>${i18n._('cardPage.message')}</legend>
      ${TEMPLATE_KEYS.map((key) => choice(key, templateText(i18n, key, card.maskedNumber)))}
      ${choice(OWN_TEXT, i18n._('cardPage.ownText'))}
      <textarea name="text" rows="3" maxlength="${MESSAGE_MAX}" aria-label="${i18n._('cardPage.ownText')}">
${form.text ?? ''}</textarea>
    </fieldset>
    <button type="submit">${i18n._('cardPage.send')}</button>
  </form>`;
}

/** The card's page: who the card belongs to (type and masked plate only), and the form to reach them. */
export function cardView(
  i18n: I18n,
  language: Language,
  code: string,
  card: PublicCard,
  options: { form?: CardForm; error?: string } = {},
): Html {
  return html`<section class="card">
    <h1>${i18n._('cardPage.title')}</h1>
    ${vehicleHeading(i18n, card)}
    ${options.error ? html`<p class="error" role="alert">${options.error}</p>` : null}
    ${card.paused ? html`<p class="notice">${i18n._('cardPage.paused')}</p>` : sendForm(i18n, language, code, card, options.form ?? {})}
    ${!card.paused && card.callAvailable ? callForm(i18n, language, code) : null}
  </section>`;
}

export const cardCallCodePath = (code: string) => `${cardPath(code)}/call/code`;
export const cardCallPath = (code: string) => `${cardPath(code)}/call`;

/** The first step of a masked call: the stranger's own phone, which rings first, gets a code. */
function callForm(i18n: I18n, language: Language, code: string): Html {
  return html`<form method="post" action="${pathIn(cardCallCodePath(code), language)}">
    <h2>${i18n._('cardPage.callTitle')}</h2>
    <p>${i18n._('cardPage.callExplain')}</p>
    ${digitsBox('phone', i18n._('cardPage.yourPhone'), {
      attributes: { type: 'tel', maxlength: TYPED_PHONE_MAX, autocomplete: 'tel' },
    })}
    <button type="submit">${i18n._('cardPage.sendCode')}</button>
  </form>`;
}

/** The second step: the code sent to the stranger's phone, then the call. */
export function callCodeView(
  i18n: I18n,
  language: Language,
  code: string,
  card: PublicCard,
  phone: string,
  error?: string,
): Html {
  return html`<section class="card">
    <h1>${i18n._('cardPage.callTitle')}</h1>
    ${vehicleHeading(i18n, card)} ${error ? html`<p class="error" role="alert">${error}</p>` : null}
    <form method="post" action="${pathIn(cardCallPath(code), language)}">
      <input type="hidden" name="phone" value="${phone}" />
      ${digitsBox('otp', i18n._('cardPage.codeLabel'), {
        attributes: { pattern: '[0-9]{6}', maxlength: 6, autocomplete: 'one-time-code' },
      })}
      <button type="submit">${i18n._('cardPage.callNow')}</button>
    </form>
  </section>`;
}

/** The call is on its way: the stranger's phone rings first. */
export function callPlacedView(i18n: I18n): Html {
  return html`<section class="card">
    <h1>${i18n._('cardPage.callPlacedTitle')}</h1>
    <p role="status">${i18n._('cardPage.callPlacedBody')}</p>
  </section>`;
}

/** Too many cards opened from one network in a minute: the reason, and nothing of the card. */
export function tooManyReadsView(i18n: I18n, reason: string): Html {
  return html`<section class="card">
    <h1>${i18n._('cardPage.tooManyTitle')}</h1>
    <p class="error" role="alert">${reason}</p>
  </section>`;
}

/** The same answer for a code that never was, was replaced or was turned off. */
export function unknownCardView(i18n: I18n): Html {
  return html`<section class="card">
    <h1>${i18n._('cardPage.unknownTitle')}</h1>
    <p>${i18n._('cardPage.unknownBody')}</p>
  </section>`;
}

function invitation(i18n: I18n) {
  return html`<section class="card">
    <h2>${i18n._('cardPage.inviteTitle')}</h2>
    <p>${i18n._('cardPage.inviteBody')}</p>
    <a class="button" href="/login">${i18n._('cardPage.inviteAction')}</a>
  </section>`;
}

/** The day and time of `at` in Kerala (India Standard Time), as the page's language writes it. */
function sentWhen(i18n: I18n, at: string): string {
  return new Intl.DateTimeFormat(i18n.locale === 'ml' ? 'ml-IN' : 'en-IN', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(at));
}

/** What the stranger sent (a suggested text in the page's language, with the plate masked as on the card) and when. */
function sentMessage(i18n: I18n, message: SentMessage, sentAt: string): Html {
  const text =
    message.templateKey && message.vehicleNumber
      ? templateText(i18n, message.templateKey, maskedVehicleNumber(message.vehicleNumber))
      : message.content;
  return html`<p class="muted">${i18n._('cardPage.youSent')}</p>
    <blockquote>“${text}”</blockquote>
    <p class="muted">${i18n._('cardPage.sentAt', { when: sentWhen(i18n, sentAt) })}</p>`;
}

/**
 * A sent request as its stranger follows it: what was sent and when, then sent, delivered, seen and
 * the owner's answer. The section names its live stream; once answered it is final (the stream
 * closes, the page stops reloading itself).
 */
export function statusView(
  i18n: I18n,
  statusToken: string,
  { status, message }: Pick<FollowedRequest, 'status' | 'message'>,
): Html {
  const step = (done: boolean, label: string) => html`<li${done ? html` class="done"` : null}>${label}</li>`;
  const answer = status.reply
    ? html`<p class="answer" role="status">${requestStatusText(i18n, { ...status, reminderSentAt: null })}</p>
        ${status.reply.text ? html`<p>“${status.reply.text}”</p>` : null}`
    : html`<p role="status">${i18n._('cardPage.waiting')}</p>`;
  const events = `/api/public/requests/${encodeURIComponent(statusToken)}/events`;
  return html`<section
      class="card"
      data-live-events="${events}"
      ${status.reply ? html` data-live-final` : null}
    >
      <h1>${i18n._('cardPage.sentTitle')}</h1>
      ${sentMessage(i18n, message, status.sentAt)}
      <ul class="steps">
        ${step(true, i18n._('cardPage.stepSent'))}
        ${step(status.deliveredAt !== null, i18n._('cardPage.stepDelivered'))}
        ${step(status.seenAt !== null, i18n._('cardPage.stepSeen'))}
      </ul>
      ${answer}
    </section>
    ${invitation(i18n)}`;
}

/** A status token that is unknown or more than a day old. */
export function unknownStatusView(i18n: I18n): Html {
  return html`<section class="card">
      <h1>${i18n._('cardPage.statusGoneTitle')}</h1>
      <p>${i18n._('cardPage.statusGoneBody')}</p>
    </section>
    ${invitation(i18n)}`;
}
