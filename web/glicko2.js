// @ts-check
// Glicko-2 as Mark Glickman gives it ("Example of the Glicko-2 system", 2013): a rating, its deviation and its
// volatility, updated once per rating period from the games of that period. The one implementation: the page rates
// a person with it (web/profile-store.js), and tests/rules/test_glicko2.py runs it on Node against Glickman's worked
// example. docs/ratings.md says why it runs on the page and not in the worker.

export const START = Object.freeze({ rating: 1500, deviation: 350, volatility: 0.06 });
export const TAU = 0.5; // the system constant: how fast the volatility may change
const SCALE = 173.7178; // Glicko-2's scale factor (400 / ln 10)
const EPSILON = 0.000001; // the convergence tolerance of the volatility's iteration

/** @param {number} phi */
function g(phi) { return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI)); }

/**
 * One rating period: the player's {rating, deviation, volatility} after `games`, each {rating, deviation, score}
 * of an opponent (score 1 won, 0.5 drawn, 0 lost). With no games only the deviation grows (step 6).
 * @param {{rating: number, deviation: number, volatility: number}} player
 * @param {{rating: number, deviation: number, score: number}[]} games
 * @param {number} [tau]
 * @returns {{rating: number, deviation: number, volatility: number}}
 */
export function ratePeriod(player, games, tau = TAU) {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  if (!games.length) {
    return { rating: player.rating, deviation: Math.sqrt(phi * phi + sigma * sigma) * SCALE, volatility: sigma };
  }
  // step 3: the estimated variance v; step 4: the estimated improvement delta
  let inverseV = 0;
  let sum = 0;
  for (const game of games) {
    const muJ = (game.rating - 1500) / SCALE;
    const gJ = g(game.deviation / SCALE);
    const expected = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
    inverseV += gJ * gJ * expected * (1 - expected);
    sum += gJ * (game.score - expected);
  }
  const v = 1 / inverseV;
  const delta = v * sum;
  // step 5: the new volatility, by the Illinois algorithm
  const a = Math.log(sigma * sigma);
  const f = (/** @type {number} */ x) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k += 1;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) { A = B; fA = fB; } else { fA /= 2; }
    B = C;
    fB = fC;
  }
  const volatility = Math.exp(A / 2);
  // steps 6-8: the new deviation and rating, back on the Glicko scale
  const phiStar = Math.sqrt(phi * phi + volatility * volatility);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: 1500 + SCALE * muNew, deviation: SCALE * phiNew, volatility };
}
