// Serves the built playground (web/dist) on 127.0.0.1 and prints the URL; the next free port
// is taken if the given one is busy.
import { preview } from 'vite';

const port = Number(process.argv[2] ?? 5173);
const server = await preview({ root: 'web', preview: { host: '127.0.0.1', port, strictPort: false }, logLevel: 'warn' });
console.log(`wasmlearn playground: ${server.resolvedUrls.local[0]}`);
