/**
 * "Windscreen card" of /myVehicle: the print-ready card (A6, or a sheet of stickers), the server's
 * PDF, the card as a picture to share, and the card's controls: pause for 24 hours, replace the
 * code, turn it off. Loaded only when opened, with qrcode.
 */
import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import type { Vehicle } from '#common/api';
import { textsByLanguage } from '#common/i18n/texts-by-language';
import { maskedVehicleNumber } from '#common/vehicle-number';
import { BRAND, cardCallToAction } from '#common/windscreen-card';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { refuseWhenOffline } from '../../../lib/offline-guard';
import { saveFile } from '../../../lib/save-file';
import { notifyError, notifySuccess } from '../../../lib/toasts';
import {
  deleteVehicleCard,
  fetchVehicleCardPdf,
  postPauseVehicleCard,
  postResumeVehicleCard,
  postRotateVehicleCard,
  postVehicleCard,
} from '../../../lib/windscreen-card-api';
import { cardPng, qrDataUrl, type CardContent } from './card-image';
import './windscreen-card.css';

/** The card speaks English and Malayalam whatever the app's language: common/'s texts in both. */
const cardTexts = textsByLanguage({ en: {}, ml: {} });

/** How many stickers a printed sheet holds. */
const STICKERS = 8;

interface WindscreenCardModalProps {
  vehicle: Vehicle;
  onClose: () => void;
}

function PrintableCard({ content, qr }: { content: CardContent; qr: string }) {
  return (
    <div className="windscreen-card">
      {content.callsToAction.map((text, index) => (
        <p key={text} className={index === 0 ? 'windscreen-card-lead' : undefined}>
          {text}
        </p>
      ))}
      <img className="windscreen-card-qr" src={qr} alt="" />
      <p className="windscreen-card-plate">{content.maskedNumber}</p>
      <p className="windscreen-card-url">{content.url.replace(/^https?:\/\//, '')}</p>
      <p className="windscreen-card-brand">{content.brand}</p>
    </div>
  );
}

interface ActionButtonProps {
  busy: boolean;
  label: string;
  onClick: () => Promise<void>;
  variant?: 'danger';
}

/** One of the card's controls: off while another is under way. */
function ActionButton({ busy, label, onClick, variant }: ActionButtonProps) {
  return (
    <Button variant={variant} disabled={busy} onClick={() => void onClick()}>
      {label}
    </Button>
  );
}

export default function WindscreenCardModal({ vehicle, onClose }: WindscreenCardModalProps) {
  const { i18n } = useLingui();
  const [url, setUrl] = useState<string | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [stickers, setStickers] = useState(false);
  const [busy, setBusy] = useState(false);
  const [pausedUntil, setPausedUntil] = useState<string | null>(null);
  const [confirmingReplace, setConfirmingReplace] = useState(false);

  useEffect(() => {
    let current = true;
    postVehicleCard(vehicle._id)
      .then(async (card) => {
        const image = await qrDataUrl(card.url);
        if (!current) return;
        setUrl(card.url);
        setQr(image);
        setPausedUntil(card.pausedUntil);
      })
      .catch(() => {
        if (current) notifyError(i18n._('cards.failed'));
      });
    return () => {
      current = false;
    };
  }, [vehicle._id, i18n]);

  const content: CardContent | null =
    url === null
      ? null
      : {
          url,
          maskedNumber: maskedVehicleNumber(vehicle.vehicleNumber),
          callsToAction: [cardCallToAction(cardTexts('en')), cardCallToAction(cardTexts('ml'))],
          brand: BRAND,
        };
  const fileName = `vahan-contact-card-${vehicle.vehicleNumber}`;

  async function act(action: () => Promise<void>) {
    if (refuseWhenOffline()) return;
    setBusy(true);
    try {
      await action();
    } catch {
      notifyError(i18n._('cards.actionFailed'));
    } finally {
      setBusy(false);
    }
  }

  function print(asStickers: boolean) {
    setStickers(asStickers);
    // The sheet is drawn before the browser's print dialog reads the page.
    requestAnimationFrame(() => window.print());
  }

  const share = (card: CardContent) =>
    act(async () => {
      // Absent in browsers without Web Share, whatever the DOM types say.
      const canShare: Navigator['canShare'] | undefined = navigator.canShare;
      if (!canShare) {
        // No Web Share here (most desktops): the link is what can be passed on.
        await navigator.clipboard.writeText(card.url);
        notifySuccess(i18n._('cards.linkCopied'));
        return;
      }
      const file = new File([await cardPng(card)], `${fileName}.png`, { type: 'image/png' });
      const title = i18n._('cards.title');
      await navigator.share(
        canShare.call(navigator, { files: [file] }) ? { files: [file], title } : { url: card.url, title },
      );
    });

  const downloadPdf = () =>
    act(async () => saveFile(await fetchVehicleCardPdf(vehicle._id), `${fileName}.pdf`));

  const pause = () =>
    act(async () => {
      setPausedUntil((await postPauseVehicleCard(vehicle._id)).pausedUntil);
      notifySuccess(i18n._('cards.pausedToast'));
    });

  const resume = () =>
    act(async () => {
      setPausedUntil((await postResumeVehicleCard(vehicle._id)).pausedUntil);
      notifySuccess(i18n._('cards.resumedToast'));
    });

  const rotate = () =>
    act(async () => {
      setConfirmingReplace(false);
      const card = await postRotateVehicleCard(vehicle._id);
      setQr(await qrDataUrl(card.url));
      setUrl(card.url);
      notifySuccess(i18n._('cards.rotatedToast'));
    });

  const turnOff = () =>
    act(async () => {
      await deleteVehicleCard(vehicle._id);
      notifySuccess(i18n._('cards.turnedOffToast'));
      onClose();
    });

  return (
    <Modal title={i18n._('cards.title')} onClose={onClose}>
      {content && qr ? (
        <div className="windscreen-card-panel">
          <div className={`windscreen-card-print${stickers ? ' windscreen-card-stickers' : ''}`}>
            {Array.from({ length: stickers ? STICKERS : 1 }, (_, index) => (
              <PrintableCard key={index} content={content} qr={qr} />
            ))}
          </div>
          <div className="windscreen-card-actions">
            <Button variant="primary" onClick={() => print(false)}>
              {i18n._('cards.print')}
            </Button>
            <Button onClick={() => print(true)}>{i18n._('cards.printStickers')}</Button>
            <ActionButton busy={busy} label={i18n._('cards.downloadPdf')} onClick={downloadPdf} />
            <ActionButton busy={busy} label={i18n._('cards.share')} onClick={() => share(content)} />
          </div>
          {pausedUntil && (
            <p className="windscreen-card-paused" role="status">
              {i18n._('cards.pausedUntil', {
                date: i18n.date(new Date(pausedUntil), {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                  timeZone: 'Asia/Kolkata',
                }),
              })}
            </p>
          )}
          {confirmingReplace && (
            <div className="windscreen-card-confirm" role="group" aria-label={i18n._('cards.rotate')}>
              <p>{i18n._('cards.rotateWarning')}</p>
              <div className="windscreen-card-actions">
                <ActionButton
                  busy={busy}
                  label={i18n._('cards.rotateConfirm')}
                  onClick={rotate}
                  variant="danger"
                />
                <Button onClick={() => setConfirmingReplace(false)}>{i18n._('cards.cancel')}</Button>
              </div>
            </div>
          )}
          <div className="windscreen-card-actions">
            {pausedUntil ? (
              <ActionButton busy={busy} label={i18n._('cards.resume')} onClick={resume} />
            ) : (
              <ActionButton busy={busy} label={i18n._('cards.pause')} onClick={pause} />
            )}
            <Button disabled={busy || confirmingReplace} onClick={() => setConfirmingReplace(true)}>
              {i18n._('cards.rotate')}
            </Button>
            <ActionButton busy={busy} label={i18n._('cards.turnOff')} onClick={turnOff} variant="danger" />
          </div>
        </div>
      ) : (
        <Spinner label={i18n._('cards.loading')} />
      )}
    </Modal>
  );
}
