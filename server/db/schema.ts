/**
 * The database's tables, by area (server/db/schema/); drizzle-kit reads them through this index
 * (drizzle.config.ts), and the server imports them from here.
 */
export * from './schema/accounts';
export * from './schema/vehicles';
export * from './schema/requests';
export * from './schema/strangers';
