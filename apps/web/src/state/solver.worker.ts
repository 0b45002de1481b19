// The solver worker of Play and Build: parsing imports and solving boards run
// here, so a big board or a hostile file never blocks the page. A busy worker
// cannot read a cancel message, so the page cancels by terminating it.

import { init } from "@lightsout/core";
import { eigenspaces } from "./eigen.js";
import { importBoard } from "./import.js";
import { pressOrbit } from "./orbit.js";
import { analyse, summarise } from "./solver.js";
import type { SolverAnswers, SolverEnvelope, SolverReply, SolverRequest } from "./solver-protocol.js";

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<SolverEnvelope>) => void) | null;
  postMessage(reply: SolverReply): void;
};

const ready = Promise.resolve(init());

// Set before anything is awaited: messages that arrive while the kernels compile wait for them.
scope.onmessage = (event) => {
  const { id, request } = event.data;
  void ready.then(() => {
    try {
      scope.postMessage({ id, ok: true, answer: compute(request) });
    } catch (error) {
      scope.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  });
};

function compute(request: SolverRequest): SolverAnswers[keyof SolverAnswers] {
  switch (request.kind) {
    case "analyse":
      return analyse(request.board, request.lights, request.states);
    case "summary":
      return summarise(request.board, request.lights, request.states);
    case "import":
      return importBoard(request.text, request.states, request.grid);
    case "orbit":
      return pressOrbit(request.board, request.lights, request.states);
    case "eigen":
      return eigenspaces(request.board, request.states);
  }
}
