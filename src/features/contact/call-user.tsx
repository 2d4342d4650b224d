/** SPEC §2 Call User: a `tel:` link when the owner has a public phone number. */
import { CONTACT_TEXTS } from '../../lib/texts';

export function CallUser({ phone }: { phone: string | undefined }) {
  if (!phone) {
    return (
      <div className="stack">
        <p>{CONTACT_TEXTS.noPublicPhone}</p>
        <button
          type="button"
          className="button button-block"
          aria-disabled="true"
          onClick={() => window.alert(CONTACT_TEXTS.noPhoneAvailable)}
        >
          Call now
        </button>
      </div>
    );
  }
  return (
    <div className="stack">
      <p>
        Owner&apos;s phone: <strong>{phone}</strong>
      </p>
      <a className="button button-primary button-block" href={`tel:${phone}`}>
        Call now
      </a>
    </div>
  );
}
