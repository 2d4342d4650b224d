import type { FastifyPluginAsync } from 'fastify';
import { RetentionSweep } from './sweep';

/** No routes: the sweep that deletes personal data once it is past keeping (see docs/personal-data.md). */
const retention: FastifyPluginAsync = async (app) => {
  const { retention, waitingNotes, images } = app.config;
  const sweep = new RetentionSweep(app.database.db, retention, app.deps.now, app.log, {
    waitingNotes: waitingNotes.days,
    images: images.retentionDays,
  });
  sweep.start();
  app.addHook('onClose', () => sweep.close());
};

export default retention;
