/**
 * Makes a stored file's bytes away from the thread that serves requests: the demo's art and sound
 * threads (server/db/seed/art/thread.ts, decision 0119). What may be asked is the media module's
 * to say (server/modules/media/drawings.ts); this layer knows only that a request names its kind.
 */
export interface Drawer<Request extends { kind: string } = { kind: string }> {
  draw(request: Request): Promise<Buffer>;
  /** Stops the drawing threads; a later draw starts them again. */
  close(): Promise<void>;
}
