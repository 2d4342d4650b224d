/**
 * The photo sent with a request, in the bell: read with the session's token into a blob URL (an
 * <img src> cannot carry the token), tapped to see it large; and a map link for the place it was sent from.
 */
import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import { Modal } from '../../components/modal';
import { fetchPhoto } from './api';

interface RequestPhotoProps {
  url: string;
  location?: { latitude: number; longitude: number };
}

export function RequestPhoto({ url, location }: RequestPhotoProps) {
  const { i18n } = useLingui();
  const [source, setSource] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [large, setLarge] = useState(false);

  useEffect(() => {
    let objectUrl: string | null = null;
    let current = true;
    fetchPhoto(url).then(
      (blob) => {
        if (!current) return;
        objectUrl = URL.createObjectURL(blob);
        setSource(objectUrl);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  const alt = i18n._('notifications.photoAlt');
  return (
    <div className="bell-photo">
      {source && (
        <button type="button" className="bell-photo-button" onClick={() => setLarge(true)}>
          <img src={source} alt={alt} />
        </button>
      )}
      {failed && <p className="bell-item-meta">{i18n._('notifications.photoFailed')}</p>}
      {location && (
        <a
          className="bell-item-meta"
          href={`https://www.openstreetmap.org/?mlat=${location.latitude}&mlon=${location.longitude}#map=17/${location.latitude}/${location.longitude}`}
          target="_blank"
          rel="noreferrer noopener"
        >
          {i18n._('notifications.mapLink')}
        </a>
      )}
      {large && source && (
        <Modal title={i18n._('notifications.photoTitle')} onClose={() => setLarge(false)}>
          <img className="bell-photo-large" src={source} alt={alt} />
        </Modal>
      )}
    </div>
  );
}
