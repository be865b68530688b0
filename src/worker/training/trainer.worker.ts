/**
 * The training worker: owns tfjs, the data and the run, so the page's main thread only draws.
 * Its state is one {@link TrainingSession}; the page's commands are handled in commands.ts.
 */
import type { ToWorker } from '../protocol';
import { TrainingSession } from './session';
import { receive } from './commands';

const session = new TrainingSession((msg, transfer) => (self as unknown as Worker).postMessage(msg, transfer));

self.onmessage = (e: MessageEvent<ToWorker>) => receive(session, e.data);
