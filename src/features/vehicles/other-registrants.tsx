/**
 * The verified owner sees who else registered the number (verified or not), keeps an unverified one as
 * household, and releases anyone kept or verified: a previous owner, a mechanic.
 */
import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import type { Registrant } from '#common/api';
import { Button } from '../../components/button';
import { OwnershipMark } from '../../components/ownership-mark';
import { serverMessageOf } from '../../lib/api-client';
import { fetchRegistrants, postKeepHousehold, postReleaseHousehold } from './api';

export function OtherRegistrants({ vehicleId }: { vehicleId: string }) {
  const { i18n } = useLingui();
  const [registrants, setRegistrants] = useState<Registrant[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    fetchRegistrants(vehicleId)
      .then((list) => {
        if (current) setRegistrants(list);
      })
      .catch((error: unknown) => {
        if (current) setProblem(serverMessageOf(error) ?? i18n._('vehicles.registrantsFailed'));
      });
    return () => {
      current = false;
    };
  }, [vehicleId, i18n]);

  async function keep(registrationId: string) {
    try {
      setRegistrants(await postKeepHousehold(vehicleId, registrationId));
    } catch (error) {
      setProblem(serverMessageOf(error) ?? i18n._('vehicles.keepFailed'));
    }
  }

  async function release(registrationId: string) {
    try {
      setRegistrants(await postReleaseHousehold(vehicleId, registrationId));
    } catch (error) {
      setProblem(serverMessageOf(error) ?? i18n._('vehicles.releaseFailed'));
    }
  }

  if (registrants.length === 0 && !problem) return null;
  return (
    <div className="other-registrants">
      <p className="muted">{i18n._('vehicles.alsoRegisteredBy')}</p>
      <ul>
        {registrants.map((registrant) => (
          <li key={registrant._id}>
            <span>{registrant.name}</span>
            {registrant.verified || registrant.household ? (
              <>
                <OwnershipMark vehicle={registrant} />
                <Button onClick={() => void release(registrant._id)}>{i18n._('vehicles.release')}</Button>
              </>
            ) : (
              <Button onClick={() => void keep(registrant._id)}>{i18n._('vehicles.keepHousehold')}</Button>
            )}
          </li>
        ))}
      </ul>
      {problem && <p role="alert">{problem}</p>}
    </div>
  );
}
