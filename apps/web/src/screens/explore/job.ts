// The controls every Explore job shares: a start button, a Cancel button, a
// progress bar (role=progressbar, aria-valuenow in percent) and a status line.
// `data-state` on the job's element says idle, running, done, cancelled or error.

export type JobState = "idle" | "running" | "done" | "cancelled" | "error";

/** Start/Cancel buttons, progress and status of one kind of job. */
export class JobControls {
  readonly element: HTMLDivElement;
  readonly start: HTMLButtonElement;
  readonly cancel: HTMLButtonElement;
  readonly #bar: HTMLDivElement;
  readonly #fill: HTMLDivElement;
  readonly #status: HTMLParagraphElement;

  /**
   * @param name - what the job computes, for the progress bar's accessible name
   * @param startLabel - the start button's text
   */
  constructor(name: string, startLabel: string) {
    this.element = document.createElement("div");
    this.element.className = "explore-job";
    this.element.dataset.job = name;
    this.start = button(startLabel, "start");
    this.start.type = "submit";
    this.cancel = button("Cancel", "cancel");
    this.cancel.disabled = true;
    this.#bar = document.createElement("div");
    this.#bar.className = "explore-progress";
    this.#bar.setAttribute("role", "progressbar");
    this.#bar.setAttribute("aria-label", `${name} progress`);
    this.#bar.setAttribute("aria-valuemin", "0");
    this.#bar.setAttribute("aria-valuemax", "100");
    this.#bar.setAttribute("aria-valuenow", "0");
    this.#fill = document.createElement("div");
    this.#bar.append(this.#fill);
    this.#status = document.createElement("p");
    this.#status.className = "explore-status";
    this.#status.setAttribute("role", "status");
    const buttons = document.createElement("div");
    buttons.className = "explore-buttons";
    buttons.append(this.start, this.cancel);
    this.element.append(buttons, this.#bar, this.#status);
    this.#set("idle", "");
  }

  /** The job started: Cancel enabled, progress at 0 (or unknown: no aria-valuenow). */
  running(text: string, known = true): void {
    this.start.disabled = true;
    this.cancel.disabled = false;
    this.progress(known ? 0 : undefined);
    this.#set("running", text);
  }

  /** Progress as a fraction 0..1, or undefined while it cannot be measured. */
  progress(fraction: number | undefined, text?: string): void {
    if (fraction === undefined) {
      this.#bar.removeAttribute("aria-valuenow");
      this.#bar.classList.add("indeterminate");
      this.#fill.style.width = "";
    } else {
      const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
      this.#bar.classList.remove("indeterminate");
      this.#bar.setAttribute("aria-valuenow", String(percent));
      this.#fill.style.width = `${percent}%`;
    }
    if (text !== undefined) this.#status.textContent = text;
  }

  /** The job ended: `state` done, cancelled or error, with what to tell the user. */
  finish(state: "done" | "cancelled" | "error", text: string): void {
    this.start.disabled = false;
    this.cancel.disabled = true;
    // An error leaves no progress behind: the bar would claim work that came to nothing.
    if (state === "done") this.progress(1);
    else if (state === "error" || this.#bar.classList.contains("indeterminate")) this.progress(0);
    this.#set(state, text);
  }

  #set(state: JobState, text: string): void {
    this.element.dataset.state = state;
    this.#status.textContent = text;
  }
}

function button(text: string, role: string): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.dataset.action = role;
  return b;
}
