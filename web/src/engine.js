// The page's side of the worker: one worker per page, requests routed back by id. cancel() stops
// every request in flight, which then gets a `cancelled` answer: requests running on the worker
// pool (they report `progress`) are aborted and the worker stays; otherwise the worker is
// terminated (a WebAssembly call cannot be interrupted) and a fresh one started.
import { adoptWorker } from './boot.js';

export class Engine {
  #handlers = new Map();
  #pooled = new Set(); // ids of the requests running on the worker pool
  #next = 0;

  // Takes over the worker the page booted early (boot.js), if any.
  constructor() {
    this.#spawn(adoptWorker());
  }

  #spawn(booted = null) {
    this.ready = new Promise((resolve, reject) => {
      this.worker = booted?.worker ?? new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
      const received = (data) => {
        if (data.type === 'ready') {
          this.info = data;
          resolve(data);
          return;
        }
        if (data.type === 'progress' && this.#handlers.has(data.id)) this.#pooled.add(data.id);
        this.#handlers.get(data.id)?.(data);
      };
      const failed = (reason) => {
        const message = `The WebAssembly worker failed: ${reason || 'unknown error'}`;
        reject(new Error(message));
        for (const h of this.#handlers.values()) h({ type: 'error', message });
        this.#handlers.clear();
      };
      this.worker.onmessage = ({ data }) => received(data);
      this.worker.onerror = (e) => {
        e.preventDefault();
        failed(e.message);
      };
      for (const m of booted?.early ?? []) m.error === undefined ? received(m.data) : failed(m.error);
    });
  }

  // Sends a request; `handler` gets every answer to it until done(id).
  send(msg, handler) {
    const id = ++this.#next;
    this.#handlers.set(id, handler);
    this.ready.then(() => this.#handlers.has(id) && this.worker.postMessage({ ...msg, id }), () => {});
    return id;
  }

  done(id) {
    this.#handlers.delete(id);
    this.#pooled.delete(id);
  }

  // A one-answer request as a promise (sweeps, neighbour queries); `progress` answers of work on
  // the pool go to onProgress.
  ask(msg, onProgress) {
    return new Promise((resolve, reject) => {
      const id = this.send(msg, (answer) => {
        if (answer.type === 'progress') return onProgress?.(answer);
        this.done(id);
        if (answer.type === 'error') reject(new Error(answer.message));
        else if (answer.type === 'cancelled') reject(Object.assign(new Error('cancelled'), { cancelled: true }));
        else resolve(answer);
      });
    });
  }

  cancel() {
    const ids = [...this.#handlers.keys()];
    if (ids.length && ids.every((id) => this.#pooled.has(id))) return this.worker.postMessage({ type: 'abort', ids });
    this.worker.terminate();
    const pending = [...this.#handlers.values()];
    this.#handlers.clear();
    this.#pooled.clear();
    this.#spawn();
    for (const h of pending) h({ type: 'cancelled' });
  }
}
