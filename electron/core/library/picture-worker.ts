// The picture worker's entry: runs one pixel task per message, so decoding never blocks core's thread.
import { parentPort } from 'node:worker_threads';
import { DamagedPictureError, runPictureTask, type PictureTask } from './picture-decode';

/** What core sends: a task and the number its answer carries back. */
export interface PictureRequest {
  id: number;
  task: PictureTask;
}

export type PictureReply =
  | { id: number; ok: true; result: Awaited<ReturnType<typeof runPictureTask>> }
  | { id: number; ok: false; damaged: boolean; message: string };

const port = parentPort;
if (port) {
  port.on('message', (request: PictureRequest) => {
    runPictureTask(request.task).then(
      (result) => {
        const reply: PictureReply = { id: request.id, ok: true, result };
        // Copied, not transferred: jimp's small buffers share Node's pool, which cannot move.
        port.postMessage(reply);
      },
      (error: unknown) => {
        const reply: PictureReply = {
          id: request.id,
          ok: false,
          damaged: error instanceof DamagedPictureError,
          message: error instanceof Error ? error.message : String(error),
        };
        port.postMessage(reply);
      },
    );
  });
}
