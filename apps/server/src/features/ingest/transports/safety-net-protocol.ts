/**
 * The messages between the safety net (safety-net.ts, on the server's event loop) and its MQTT
 * connection (safety-net-worker.ts, on a worker thread of its own). `conn` numbers the worker's
 * connections: a request made for an earlier connection is refused, an event of one is ignored.
 */

export type NetWorkerData = {
  url: string;
  clientId: string;
  markerTopic: string;
  /** The device topics it subscribes to (a controller's own, a store gateway's children's). */
  deviceFilters: string[];
  sessionExpirySeconds: number;
  /** MQTT 5 Receive Maximum: what the broker may have in flight to the net (its recovery acknowledges after commit). */
  receiveMaximum: number;
};

/** Server → worker. */
export type NetCommand =
  /** Subscribe again (the broker restores it with the session; this also covers a lost session). */
  | { type: 'subscribe'; id: number; conn: number }
  /** Expect this nonce back on the marker topic, and publish it there. */
  | { type: 'marker'; id: number; conn: number; nonce: string }
  /** The outcome of handed-over messages: acknowledge `ok` (committed); cut the connection for `failed`. */
  | { type: 'acks'; ok: number[]; failed: number[] }
  /** The accepted connection that closed was not taken over: connect again. */
  | { type: 'reconnect' }
  /** Hand over, and acknowledge, nothing more. */
  | { type: 'halt' }
  /** Close the connection (forced: the session stays on the broker). */
  | { type: 'end' };

export type HandedOver = { id: number; topic: string; payload: Uint8Array };

/** Worker → server. */
export type NetEvent =
  /** A (re)connection: the worker is in recovery from its first message on. */
  | { type: 'connect'; conn: number }
  /** Device messages received in recovery, in the order of the session's queue. */
  | { type: 'messages'; conn: number; batch: HandedOver[] }
  /** The marker came back: the worker acknowledges unread from the next message on. */
  | { type: 'normal'; conn: number }
  /** Messages acknowledged unread in normal operation, in all (sent at most every 50 ms). */
  | { type: 'acknowledged'; total: number }
  | { type: 'reply'; id: number; error?: string }
  | { type: 'disconnect'; reasonCode: number | undefined }
  /**
   * A connection closed; `established`: it had been accepted (a refused reconnect was not), and the
   * worker waits for `reconnect` or `end`.
   */
  | { type: 'close'; established: boolean }
  | { type: 'error'; message: string; first: boolean }
  | { type: 'ended' };

/** What the safety net reports (safety-net.ts `stats`). */
export type SafetyNetStats = {
  mode: 'recovery' | 'normal' | 'stopped';
  /** Connections made (each starts a recovery). */
  recoveries: number;
  /** Device messages handed to the pipeline during recoveries. */
  recovered: number;
  /** Of those, the ones the pipeline stored (the shared path had not stored them, or not yet). */
  rescued: number;
  /** Device messages acknowledged without work in normal operation. */
  acknowledged: number;
};
