// A helper thread of the threaded elimination in a browser: a module Web
// Worker that gets its start message and runs helperMain (threads-helper.ts).

import { type HelperReply, type HelperStart, helperMain } from "./threads-helper.js";

const scope = globalThis as unknown as {
  onmessage: ((event: { data: HelperStart }) => void) | null;
  postMessage(reply: HelperReply): void;
};

scope.onmessage = (event) => {
  scope.onmessage = null;
  helperMain(event.data, (reply) => scope.postMessage(reply));
};
