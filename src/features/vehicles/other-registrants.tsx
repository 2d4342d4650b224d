/** Issue 12: the verified owner sees who else registered the number and can keep them as household. */
import { useEffect, useState } from 'react';
import type { Registrant } from '#common/api';
import { serverMessageOf } from '../../lib/api-client';
import { fetchRegistrants, postKeepHousehold } from './api';

export function OtherRegistrants({ vehicleId }: { vehicleId: string }) {
  const [registrants, setRegistrants] = useState<Registrant[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    fetchRegistrants(vehicleId)
      .then((list) => {
        if (current) setRegistrants(list);
      })
      .catch((error: unknown) => {
        if (current) setProblem(serverMessageOf(error) ?? 'Could not load the other registrants.');
      });
    return () => {
      current = false;
    };
  }, [vehicleId]);

  async function keep(registrationId: string) {
    try {
      setRegistrants(await postKeepHousehold(vehicleId, registrationId));
    } catch (error) {
      setProblem(serverMessageOf(error) ?? 'Could not keep this registrant.');
    }
  }

  if (registrants.length === 0 && !problem) return null;
  return (
    <div className="other-registrants">
      <p className="muted">Also registered by:</p>
      <ul>
        {registrants.map((registrant) => (
          <li key={registrant._id}>
            <span>{registrant.name}</span>
            {registrant.household ? (
              <span className="ownership-mark" data-kind="household">
                Household
              </span>
            ) : (
              <button type="button" className="button" onClick={() => void keep(registrant._id)}>
                Keep as household
              </button>
            )}
          </li>
        ))}
      </ul>
      {problem && <p role="alert">{problem}</p>}
    </div>
  );
}
