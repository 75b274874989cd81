// The page's side of the worker: one worker per page, requests routed back by id. cancel()
// terminates the worker (a WebAssembly call cannot be interrupted) and starts a fresh one; every
// request in flight then gets a `cancelled` answer.
import { adoptWorker } from './boot.js';

export class Engine {
  #handlers = new Map();
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
  }

  // A one-answer request as a promise (sweeps, neighbour queries).
  ask(msg) {
    return new Promise((resolve, reject) => {
      const id = this.send(msg, (answer) => {
        this.done(id);
        if (answer.type === 'error') reject(new Error(answer.message));
        else if (answer.type === 'cancelled') reject(Object.assign(new Error('cancelled'), { cancelled: true }));
        else resolve(answer);
      });
    });
  }

  cancel() {
    this.worker.terminate();
    const pending = [...this.#handlers.values()];
    this.#handlers.clear();
    this.#spawn();
    for (const h of pending) h({ type: 'cancelled' });
  }
}
