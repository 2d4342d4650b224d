import type { FastifyInstance } from 'fastify';
import { toVehicle } from '../../lib/api-shapes';
import { conflict, notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { isUniqueViolation } from '../../plugins/errors';
import { deleteOwnVehicle, insertVehicle, updateOwnVehicle, vehiclesOf } from './repository';
import { addVehicleBody, deleteVehicleQuery, updateVehicleBody } from './schemas';

const VEHICLE_NOT_FOUND = 'Vehicle not found';

/** The unique index on vehicle_number decides duplicates, so two racing requests store one. */
async function unlessDuplicate<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('This vehicle number is already registered.');
    throw error;
  }
}

export default async function vehicleRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const signedIn = { preHandler: app.authenticate };

  app.post('/addVehicle', signedIn, async (request, reply) => {
    const user = currentUser(request);
    const body = parseInput(addVehicleBody, request.body);
    const vehicle = await unlessDuplicate(insertVehicle(db, user.id, { ...body, createdAt: app.deps.now() }));
    return reply.code(201).send(toVehicle(vehicle));
  });

  app.get('/getMyVehicles', signedIn, async (request) => {
    const user = currentUser(request);
    return (await vehiclesOf(db, user.id)).map(toVehicle);
  });

  app.patch('/updateVehicle', signedIn, async (request) => {
    const user = currentUser(request);
    const { id, ...changes } = parseInput(updateVehicleBody, request.body);
    const vehicle = await unlessDuplicate(updateOwnVehicle(db, user.id, id, changes));
    if (!vehicle) throw notFound(VEHICLE_NOT_FOUND);
    return toVehicle(vehicle);
  });

  app.delete('/deleteVehicle', signedIn, async (request) => {
    const user = currentUser(request);
    const { id } = parseInput(deleteVehicleQuery, request.query);
    if (!(await deleteOwnVehicle(db, user.id, id))) throw notFound(VEHICLE_NOT_FOUND);
    return { message: 'Vehicle deleted' };
  });
}
