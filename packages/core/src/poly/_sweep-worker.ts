// The worker script of nullitySweep's own workers (when no `createWorker` is
// given): answers { id, task } with { id, values } or { id, error }. The same
// file serves Node (node:worker_threads) and browsers (a module Web Worker).

import { serveNullityTasks } from "./sweep-task.js";

void serveNullityTasks();
