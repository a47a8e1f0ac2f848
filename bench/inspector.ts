// A Chrome DevTools Protocol session on a started site's inspector (the site started with
// NODE_OPTIONS=--inspect=127.0.0.1:0): its memory, garbage collection, heap snapshots and CPU
// profiles, asked from the bench's process.
import { createWriteStream } from 'node:fs';
import type { RunningSite } from '../tests/support/site.ts';

/** V8's CPU profile, as the inspector's Profiler.stop answers it. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** One Chrome DevTools Protocol session on the server's inspector (bound to 127.0.0.1). */
export async function inspect(site: RunningSite) {
  const address = await new Promise<string>((resolve, reject) => {
    const started = Date.now();
    const look = () => {
      // The last one: the server re-executes itself once at start (server/lean-process.ts).
      const found = [...site.output().matchAll(/Debugger listening on (ws:\/\/\S+)/g)].at(-1)?.[1];
      if (found) resolve(found);
      else if (Date.now() - started > 5000) reject(new Error('The inspector did not start.'));
      else setTimeout(look, 50);
    };
    look();
  });
  const socket = new WebSocket(address);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let next = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  const listeners: Array<(method: string, params: Record<string, unknown>) => void> = [];
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      method?: string;
      params?: Record<string, unknown>;
      result?: unknown;
    };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
    else for (const listen of listeners) listen(message.method!, message.params!);
  };
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    send,
    /**
     * process.memoryUsage() in the server, in MB, with V8's own memory outside its heap at its
     * peak so far (`mallocedPeak`: the compilers' and parser's working memory, which glibc keeps
     * after it is freed).
     */
    async usage(): Promise<Record<string, number>> {
      const answer = (await send('Runtime.evaluate', {
        expression:
          'JSON.stringify({ ...process.memoryUsage(), mallocedPeak: ' +
          "process.getBuiltinModule('v8').getHeapStatistics().peak_malloced_memory })",
        returnByValue: true,
      })) as { result: { value: string } };
      const usage = JSON.parse(answer.result.value) as Record<string, number>;
      return Object.fromEntries(
        Object.entries(usage).map(([name, bytes]) => [name, Math.round(bytes / 1024 / 1024)]),
      );
    },
    async collectGarbage() {
      // Twice: the first run can leave what weak references and finalizers release to the next.
      await send('HeapProfiler.collectGarbage');
      await send('HeapProfiler.collectGarbage');
    },
    async snapshot(file: string) {
      const out = createWriteStream(file);
      const listen = (method: string, params: Record<string, unknown>) => {
        if (method === 'HeapProfiler.addHeapSnapshotChunk') out.write(params.chunk as string);
      };
      listeners.push(listen);
      await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      listeners.splice(listeners.indexOf(listen), 1);
      await new Promise((resolve) => out.end(resolve));
    },
    /** Samples the server's main thread until `during` ends: V8's CPU profile of that time. */
    async profile<T>(during: () => Promise<T>, intervalUs = 200): Promise<[CpuProfile, T]> {
      await send('Profiler.enable');
      await send('Profiler.setSamplingInterval', { interval: intervalUs });
      await send('Profiler.start');
      const result = await during();
      const { profile } = (await send('Profiler.stop')) as { profile: CpuProfile };
      return [profile, result];
    },
    close: () => socket.close(),
  };
}
