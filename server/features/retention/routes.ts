import type { FastifyPluginAsync } from 'fastify';
import { startRetentionSweep } from './sweep';

/** No routes: the sweep that deletes personal data once it is past keeping (see docs/personal-data.md). */
const retention: FastifyPluginAsync = async (app) => {
  const { retention, waitingNotes, images } = app.config;
  const sweep = startRetentionSweep(app.database.db, retention, app.deps.now, app.log, {
    waitingNotes: waitingNotes.days,
    images: images.retentionDays,
  });
  app.addHook('onClose', () => sweep.close());
};

export default retention;
