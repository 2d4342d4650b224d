/** /requests "My requests": every message and notification the user sent, with its live status. */
import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import { RequestStatus } from '../../components/request-status';
import { Spinner } from '../../components/spinner';
import { useAtomValue } from '../../lib/store';
import { sentRequestsAtom, setSentRequests } from '../../state/sent-requests';
import { fetchSentRequests } from './api';
import './requests.css';

export default function RequestsPage() {
  const { i18n } = useLingui();
  const requests = useAtomValue(sentRequestsAtom);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    void fetchSentRequests().then((list) => {
      if (!current) return;
      if (list) setSentRequests(list);
      setLoading(false);
    });
    return () => {
      current = false;
    };
  }, []);

  return (
    <div className="stack">
      <h1>{i18n._('requests.title')}</h1>
      {requests.length === 0 ? (
        loading ? (
          <Spinner />
        ) : (
          <p className="muted">{i18n._('requests.empty')}</p>
        )
      ) : (
        <ul className="requests-list">
          {requests.map((request) => (
            <li key={request._id}>
              <RequestStatus request={request} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
