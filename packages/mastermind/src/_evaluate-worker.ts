// The worker script of evaluateOnThreads's own workers (when no `createWorker`
// is given): walks the sub-trees it is sent. The same file serves Node
// (node:worker_threads) and browsers (a module Web Worker).

import { serveEvaluateTasks } from "./parallel.js";

void serveEvaluateTasks();
