// HEIC decoding off the event loop (issue 39, finding 4): heic-decode
// (libheif in WebAssembly) runs synchronously for seconds on a large photo,
// and on the JavaScript thread it froze every request (/api/health waited
// 3.7 s for a 16,000² file, 0.6 s for a phone's 4,032 × 3,024). Each decode
// runs in a worker thread of its own, ended when it answers, so its memory
// goes back to the system too.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The worker's code (CommonJS, evaluated): one decode, then it answers and ends. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.modulePath);
decode({ buffer: workerData.buffer }).then(
  (image) => parentPort.postMessage(
    { width: image.width, height: image.height, data: image.data },
    [image.data.buffer],
  ),
  (error) => parentPort.postMessage({ error: String(error && error.message || error) }),
);
`;

let modulePath: string | null = null;

export interface DecodedHeic {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8ClampedArray;
}

/** Decodes a HEIC file to RGBA in a worker thread; rejects when libheif cannot read it. */
export function decodeHeicOffThread(bytes: Buffer): Promise<DecodedHeic> {
  modulePath ??= createRequire(import.meta.url).resolve('heic-decode');
  const buffer = new Uint8Array(bytes.byteLength);
  buffer.set(bytes);
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { modulePath, buffer },
      transferList: [buffer.buffer],
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.once('message', (answer: Partial<DecodedHeic> & { error?: string }) =>
      finish(() =>
        answer.error || !answer.data
          ? reject(new Error(answer.error ?? 'HEIC not decoded'))
          : resolve({ width: answer.width!, height: answer.height!, data: answer.data }),
      ),
    );
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`HEIC worker ended (${code}) without an answer`))),
    );
  });
}
