// The shell: navigation between screens by URL hash (#/play?board=...),
// each screen loaded on demand so the first paint carries only what it needs.

import "./styles.css";
import type { MountScreen, ScreenContext, ScreenName } from "./screen.js";
import { themeToggle } from "./ui/theme.js";

const screens: Record<ScreenName, { title: string; load: () => Promise<{ mount: MountScreen }> }> = {
  play: { title: "Play", load: () => import("./screens/play/index.js") },
  build: { title: "Build", load: () => import("./screens/build/index.js") },
  learn: { title: "Learn", load: () => import("./screens/learn/index.js") },
  explore: { title: "Explore", load: () => import("./screens/explore/index.js") },
  mastermind: { title: "Mastermind", load: () => import("./screens/mastermind/index.js") },
};

function parseHash(): { screen: ScreenName; params: URLSearchParams } {
  const [path = "", query = ""] = location.hash.replace(/^#\/?/, "").split("?", 2);
  const screen = (path in screens ? path : "play") as ScreenName;
  return { screen, params: new URLSearchParams(query) };
}

const app = document.getElementById("app")!;
const header = document.createElement("header");
header.className = "app-header";
const brand = document.createElement("a");
brand.className = "brand";
brand.href = "#/play";
brand.textContent = "lightsout";
brand.setAttribute("aria-label", "lightsout: home");
const nav = document.createElement("nav");
nav.setAttribute("aria-label", "Screens");
for (const [name, { title }] of Object.entries(screens)) {
  const link = document.createElement("a");
  link.href = `#/${name}`;
  link.textContent = title;
  link.dataset.screen = name;
  nav.append(link);
}
const main = document.createElement("main");
main.id = "main";
header.append(brand, nav, themeToggle());
// The first stop of Tab: past the header to the screen. The hash holds the route, so the link moves
// the focus itself instead of changing the hash.
const skip = document.createElement("a");
skip.className = "skip-link";
skip.href = "#main";
skip.textContent = "Skip to content";
skip.addEventListener("click", (event) => {
  event.preventDefault();
  main.focus();
});
main.tabIndex = -1;
app.append(skip, header, main);

let unmount: (() => void) | undefined;
let current = "";
let generation = 0;

async function route(): Promise<void> {
  const { screen, params } = parseHash();
  if (screen === current) return;
  current = screen;
  const mine = ++generation;
  unmount?.();
  unmount = undefined;
  main.replaceChildren();
  for (const link of nav.querySelectorAll("a")) {
    link.toggleAttribute("aria-current", link.dataset.screen === screen);
  }
  const module = await screens[screen].load();
  if (mine !== generation) return;
  const context: ScreenContext = {
    params,
    setParams(next, options) {
      const hash = `#/${screen}${next.size ? `?${next}` : ""}`;
      if (options?.push && hash !== location.hash) history.pushState(null, "", hash);
      else history.replaceState(null, "", hash);
    },
    navigate(to, next) {
      location.hash = `#/${to}${next?.size ? `?${next}` : ""}`;
    },
  };
  unmount = module.mount(main, context);
  document.body.dataset.screen = screen;
  document.title = `${screens[screen].title} · lightsout`;
}

addEventListener("hashchange", () => {
  // Same screen with new parameters (a shared link): mount it again.
  current = "";
  void route();
});
void route();
