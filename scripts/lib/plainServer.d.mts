// Types for plainServer.mjs, so the TypeScript browser tests can import it.
export declare const MIME: Record<string, string>;

/** One request the server answered; `serviceWorker`: the browser fetched it as a service worker's script. */
export interface Served {
  path: string;
  status: number;
  serviceWorker: boolean;
}

/** Serves `dist` under `prefix` (default `/playground/`) without COOP/COEP; `replace` answers some files (paths relative to dist) with other content. */
export declare function servePlain(
  dist: string,
  options?: { prefix?: string; replace?: Record<string, string> },
): Promise<{ url: string; served: Served[]; close: () => Promise<void> }>;
