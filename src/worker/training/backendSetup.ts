/**
 * The training worker's tfjs backend: started once per worker (the first build), measured by
 * `auto` once the data are loaded, replaced by wasm after a lost GPU device. It announces the
 * backend in use to the page, with wasm's threads.
 */
import type { DataSplit } from '../../data/dataset';
import type { Config } from '../../state/params';
import { selectBackend, wasmThreads } from './backends';
import { measureAuto } from './autoBackend';
import type { AutoChoice, BackendInfo, WorkerReport } from '../protocol';

/** Called with the reason when the WebGPU device dies (see selectBackend). */
export type DeviceLostHandler = (why: string) => void;

/** The backend of one worker: its start, auto's measurement and the fallback to wasm, announced to the page. */
export class BackendSetup {
  /** The backend's start, shared by every build of this worker. */
  private ready: Promise<void> | null = null;
  /** auto's pick at start, until it has measured the candidates on the loaded data (once per worker). */
  private autoPending: BackendInfo | null = null;
  /** A backend is up: before that, tfjs must not be touched (tf.memory() would try to start one). */
  up = false;
  /** True when WebGPU runs on a real GPU adapter (not a CPU fallback such as SwiftShader). */
  realGpu = false;

  constructor(private readonly post: (msg: WorkerReport) => void) {}

  /** Tells the page the backend in use (and remembers whether it is a real GPU). */
  announce(info: BackendInfo): void {
    this.realGpu = info.active === 'webgpu' && info.adapter !== null && !info.adapter.fallback;
    this.post({ type: 'backend', info: { ...info, threads: wasmThreads() } });
  }

  /**
   * Starts the backend `c` asks for, the first time only; later calls wait for that start. For
   * auto, `autoFrom` (another worker's measured choice: B of a comparison takes A's) is used as is
   * instead of measuring the backends a second time.
   */
  async ensure(c: Config, onDeviceLost: DeviceLostHandler, autoFrom: AutoChoice | null = null): Promise<void> {
    if (c.backend === 'auto' && autoFrom && !this.ready) {
      this.ready = selectBackend(autoFrom.active as Config['backend'], onDeviceLost).then((info) => {
        this.up = true;
        const taken = info.active === autoFrom.active ? `auto: A's measurement, ${autoFrom.note ?? `→ ${autoFrom.active}`}` : info.note;
        this.announce({ ...info, requested: 'auto', note: taken });
      });
    }
    this.ready ??= selectBackend(c.backend, onDeviceLost).then((info) => {
      this.up = true;
      // auto says which backend it keeps once it has measured them (measurePending, after the data load).
      if (c.backend === 'auto') this.autoPending = info;
      else this.announce(info);
    });
    await this.ready;
  }

  /** auto's first build: measures the candidates on `split`, keeps the fastest and announces it. */
  async measurePending(c: Config, split: DataSplit, onDeviceLost: DeviceLostHandler): Promise<void> {
    if (!this.autoPending) return;
    this.post({ type: 'progress', label: 'Measuring the backends', fraction: 0.5 });
    this.announce(await measureAuto(c, split, this.autoPending, onDeviceLost));
    this.autoPending = null;
  }

  /** The data failed to load before auto could measure: its pick at start is said, unmeasured. */
  announcePending(): void {
    if (this.autoPending) this.announce(this.autoPending);
  }

  /** After a lost GPU device: wasm from now on, for this run and every later build. */
  async fallBackToWasm(): Promise<BackendInfo> {
    const info = await selectBackend('wasm', () => {});
    this.ready = Promise.resolve();
    return info;
  }
}
