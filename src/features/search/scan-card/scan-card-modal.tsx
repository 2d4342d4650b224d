/**
 * "Scan a card": the camera reads a windscreen card's QR code (or the card's link is pasted), the
 * server names the vehicle behind it, and the search shows its owner details as for a typed number,
 * so a signed-in user sends as themselves. A wiper slip's QR code (or its typed code) opens the
 * slips screen to attach a note to that slip. Loaded only when opened.
 */
import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { statusOf } from '../../../lib/api-client';
import { refuseWhenOffline } from '../../../lib/offline-guard';
import { notifyError } from '../../../lib/toasts';
import { fetchCardVehicle } from '../api';
import { cardCodeOf } from './card-code';
import { createQrReader } from './qr-reader';
import { slipCodeOf } from './slip-code';

/** How often a frame is read while nothing is found. */
const READ_EVERY_MS = 300;

interface ScanCardModalProps {
  /** The card's vehicle number, once found: the caller searches for it. */
  onFound: (vehicleNumber: string) => void;
  onClose: () => void;
}

export default function ScanCardModal({ onFound, onClose }: ScanCardModalProps) {
  const { i18n } = useLingui();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<'starting' | 'on' | 'unavailable'>('starting');
  const [link, setLink] = useState('');
  const [busy, setBusy] = useState(false);
  const handled = useRef(false);
  const navigate = useNavigate();

  async function open(text: string): Promise<boolean> {
    const slipCode = slipCodeOf(text);
    if (slipCode) {
      void navigate(`/slips?code=${slipCode}`);
      return true;
    }
    const code = cardCodeOf(text);
    if (!code) {
      notifyError(i18n._('scanCard.notACard'));
      return false;
    }
    if (refuseWhenOffline()) return false;
    setBusy(true);
    try {
      const { vehicleNumber } = await fetchCardVehicle(code);
      onFound(vehicleNumber);
      return true;
    } catch (error) {
      notifyError(statusOf(error) === 404 ? i18n._('scanCard.cardNotInUse') : i18n._('scanCard.failed'));
      return false;
    } finally {
      setBusy(false);
    }
  }
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    async function start() {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        const video = videoRef.current;
        if (stopped || !video) return;
        video.srcObject = stream;
        await video.play();
        setCamera('on');
        const read = await createQrReader();
        const tick = async () => {
          if (stopped) return;
          const text = await read(video).catch(() => null);
          if (text && !handled.current) {
            handled.current = true;
            if (await openRef.current(text)) return;
            handled.current = false;
          }
          timer = setTimeout(() => void tick(), READ_EVERY_MS);
        };
        void tick();
      } catch {
        if (!stopped) setCamera('unavailable');
      }
    }
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void open(link);
  }

  return (
    <Modal title={i18n._('scanCard.title')} onClose={onClose}>
      <div className="scan-card">
        {camera === 'unavailable' ? (
          <p className="muted">{i18n._('scanCard.noCamera')}</p>
        ) : (
          <>
            <video ref={videoRef} className="scan-card-video" muted playsInline />
            <p className="muted">{i18n._('scanCard.hint')}</p>
          </>
        )}
        <form className="form" onSubmit={onSubmit}>
          <TextField
            label={i18n._('scanCard.linkLabel')}
            inputMode="url"
            value={link}
            onValueChange={setLink}
            autoComplete="off"
          />
          <Button type="submit" variant="primary" disabled={busy || link.trim() === ''}>
            {i18n._('scanCard.open')}
          </Button>
        </form>
      </div>
    </Modal>
  );
}
