// The score of Knuth's definition computed a second way, independent of the package.

/** The score by pairing pegs one by one: blacks first, then each guess peg takes an unused secret peg of its colour. */
export function scoreByPairing(u: number[], v: number[]): [number, number] {
  const usedU = u.map((c, i) => c === v[i]);
  const usedV = [...usedU];
  const black = usedU.filter(Boolean).length;
  let white = 0;
  for (let i = 0; i < u.length; i++) {
    if (usedU[i]) continue;
    const j = v.findIndex((c, jj) => !usedV[jj] && c === u[i]);
    if (j >= 0) {
      usedV[j] = true;
      white++;
    }
  }
  return [black, white];
}
