/**
 * A NOTIFY that tells every server instance of a change, `pg_notify(channel, payload)`: the live bus
 * writes it, and the statement that stores the change sends it in the same transaction.
 */
export interface Announcement {
  channel: string;
  payload: string;
}
