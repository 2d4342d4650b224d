/** The signed-in user's session as the page left it for the worker (common/worker-store.ts). */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '#common/languages';
import { readWorkerSession, type WorkerSession } from '#common/worker-store';

export async function readSession(): Promise<WorkerSession | null> {
  try {
    return await readWorkerSession();
  } catch (error) {
    console.error('Could not read the session', error);
    return null;
  }
}

/** The language the worker's notifications speak: the signed-in user's, else English. */
export async function readSessionLanguage(): Promise<Language> {
  try {
    const language = (await readWorkerSession())?.language;
    return isLanguage(language) ? language : DEFAULT_LANGUAGE;
  } catch (error) {
    console.error('Could not read the session', error);
    return DEFAULT_LANGUAGE;
  }
}
