// The messages between the screens and solver.worker.ts: plain,
// structured-cloneable values.

import type { Board, GridOptions } from "@lightsout/core";
import type { Eigenspace } from "./eigen.js";
import type { Imported } from "./import.js";
import type { Orbit } from "./orbit.js";
import type { Analysis } from "./solver.js";

/** What a screen asks the solver worker. */
export type SolverRequest =
  /** Play: a fewest-press solution, or the proof that there is none. */
  | { kind: "analyse"; board: Board; lights: number[]; states: number }
  /** Build: the one-sentence summary. */
  | { kind: "summary"; board: Board; lights: number[]; states: number }
  /** Build: a pasted or dropped text in the CLI's text or JSON format. */
  | { kind: "import"; text: string; states: number; grid: GridOptions }
  /** Build: the tail and period of pressing the lit cells again and again (by algebra, else by stepping). */
  | { kind: "orbit"; board: Board; lights: number[]; states: number }
  /** Build: the eigenspaces of pressing the lit cells (A c = λ c over Z_k, k prime). */
  | { kind: "eigen"; board: Board; lights: number[]; states: number };

/** The worker's answer to each kind of request. */
export interface SolverAnswers {
  analyse: Analysis;
  summary: string;
  import: Imported;
  orbit: Orbit;
  eigen: Eigenspace[];
}

/** A request with its id. */
export interface SolverEnvelope {
  id: number;
  request: SolverRequest;
}

/** The worker's reply to a request. */
export type SolverReply =
  | { id: number; ok: true; answer: SolverAnswers[keyof SolverAnswers] }
  | { id: number; ok: false; message: string };
